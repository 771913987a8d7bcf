import { type Call, inParallel } from './server.ts';

/**
 * A stand-in for backend/seed's seedBusiness until it lands (to be deleted then): clients, projects, messages
 * and invoices made through the HTTP API as the admin, a tenth of the real business's size (`small`: a
 * fiftieth).
 */
export async function standInBusiness({ json }: Call, admin: string, size: 'small' | 'full') {
  const scale = size === 'full' ? 10 : 50;
  const clients = 500 / scale;
  const projects = 5_000 / scale;
  const messages = 50_000 / scale;
  const invoices = 5_000 / scale;
  const clientIds: number[] = [];
  await inParallel(clients, 8, async (i) => {
    const made = await json('POST', '/api/clients', admin, {
      name: `Stand-in Client ${i}`,
      email: `stand-in-${i}@example.com`,
      userType: 'client',
      portalAccess: false,
    });
    clientIds.push((made.client?.id ?? made.id) as number);
  });
  const projectIds: number[] = [];
  await inParallel(projects, 8, async (i) => {
    const made = await json('POST', '/api/projects', admin, {
      clientId: clientIds[i % clientIds.length],
      title: `Stand-in job ${i}`,
      type: i % 2 === 0 ? 'security_cameras' : 'starlink',
      description: 'Four cameras around the barn and a recorder in the office.',
    });
    projectIds.push(made.id as number);
  });
  await inParallel(messages, 8, (i) =>
    json('POST', '/api/messages', admin, {
      clientId: clientIds[i % clientIds.length],
      content: `Stand-in message ${i}: the crew arrives Tuesday morning.`,
    }),
  );
  await inParallel(invoices, 8, (i) =>
    json('POST', '/api/invoices', admin, {
      projectId: projectIds[i % projectIds.length],
      amount: 150 + (i % 40) * 25.5,
      description: `Stand-in invoice ${i}`,
      dueDate: '2027-01-15',
      invoiceNumber: `INV-209901-${String(i).padStart(5, '0')}`,
    }),
  );
  return { clients, projects, messages, invoices };
}
