import type { FastifyServerOptions, onRouteHookHandler } from 'fastify';
import { appointmentRoutes } from '../appointments/routes.ts';
import { auditRoutes } from '../audit/routes.ts';
import { authRoutes } from '../auth/routes.ts';
import { billingRoutes } from '../billing/routes.ts';
import { calendarFeedRoutes } from '../calendar/feed-routes.ts';
import { calendarRoutes } from '../calendar/routes.ts';
import { calendarSyncRoutes } from '../calendar-sync/routes.ts';
import { clientRoutes } from '../clients/routes.ts';
import { consultationRoutes } from '../consultations/routes.ts';
import { dashboardRoutes } from '../dashboard/routes.ts';
import { convertRoutes } from '../documents/convert-routes.ts';
import { documentRoutes } from '../documents/routes.ts';
import { estimateExportRoutes } from '../estimates/export-routes.ts';
import { estimateRoutes } from '../estimates/routes.ts';
import { fileRoutes } from '../files/routes.ts';
import { customFormRoutes } from '../forms/routes.ts';
import { healthRoutes } from '../health/routes.ts';
import { invoiceExportRoutes } from '../invoices/export-routes.ts';
import { invoiceRoutes } from '../invoices/routes.ts';
import { liveHub } from '../live/hub.ts';
import { messageRoutes } from '../messages/routes.ts';
import type { AppDeps } from '../platform/deps.ts';
import { createHttp } from '../platform/http.ts';
import { portalRoutes } from '../portal/routes.ts';
import { projectRoutes } from '../projects/routes.ts';
import { settingsRoutes } from '../settings/routes.ts';
import { invoicePaymentsOf } from '../stripe/invoice-payments.ts';
import { stripeRoutes } from '../stripe/routes.ts';
import { userRoutes } from '../users/routes.ts';

/** The HTTP API: the platform's floor with every slice's routes on it. A new slice registers here. */
export async function buildApp(
  deps: AppDeps,
  options: FastifyServerOptions = {},
  /** Sees every slice's route as it is added (the access-matrix and bad-input tests list them). */
  onRoute?: onRouteHookHandler,
) {
  const app = await createHttp(deps, options);
  if (onRoute) app.addHook('onRoute', onRoute);
  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(auditRoutes(deps));
  await app.register(consultationRoutes(deps));
  await app.register(clientRoutes(deps));
  await app.register(projectRoutes(deps));
  await app.register(documentRoutes(deps));
  await app.register(customFormRoutes(deps));
  await app.register(convertRoutes(deps));
  await app.register(messageRoutes(deps));
  await app.register(portalRoutes(deps));
  await app.register(appointmentRoutes(deps));
  await app.register(estimateRoutes(deps));
  await app.register(estimateExportRoutes(deps));
  await app.register(invoiceExportRoutes(deps));
  await app.register(invoiceRoutes(deps));
  await app.register(calendarRoutes(deps));
  await app.register(calendarSyncRoutes(deps));
  await app.register(calendarFeedRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(settingsRoutes(deps));
  await app.register(fileRoutes(deps));
  await app.register(stripeRoutes(deps, invoicePaymentsOf(deps)));
  await app.register(billingRoutes(deps));
  await app.register(async (scope) => liveHub(scope, deps));
  return app;
}
