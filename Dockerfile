# One image for the api, projections and workers processes (docker-compose picks the command).
# Node.js 22 (LTS); the code runs on Node.js 24 as well.
FROM node:22-bookworm-slim AS base
WORKDIR /app
# Manifests first so the dependency layers are reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY projections/package.json projections/
COPY workers/package.json workers/
COPY frontend/package.json frontend/

# Build: every dependency, then the web app (frontend/dist) and the compiled server (backend/dist/server).
FROM base AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: only the packages the compiled server imports at run time; no TypeScript loader, no build tools.
FROM base AS runtime
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
# Uploaded files and the mail outbox (FILES_DIR, OUTBOX_DIR in docker-compose) belong to the user the app runs as.
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production
EXPOSE 3000
USER node
# The api's heap is capped as docker-compose.yml runs it (docs/reliability.md, Load).
CMD ["node", "--max-old-space-size=192", "--enable-source-maps", "backend/dist/server/api.js"]
