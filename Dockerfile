# One image for the api, projections and workers processes (docker-compose picks the command).
FROM node:20-bookworm-slim

WORKDIR /app

# Manifests first so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY projections/package.json projections/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
# Dev dependencies included: the processes run TypeScript through tsx, and the web build needs its tooling.
# `npm install`, not `npm ci`: the lock file is written without other platforms' optional binaries (see .ci/run).
RUN npm install --no-audit --no-fund

COPY . .
RUN npm run build:web

ENV NODE_ENV=production
EXPOSE 3000
CMD ["npm", "run", "start:api"]
