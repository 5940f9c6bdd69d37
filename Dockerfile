# Project Portal: the portal server (it also serves the built web app) as a container, for hosts other than
# the App Service that `teamsapp provision` / `teamsapp deploy` use. The runtime stage holds the same bundle
# App Service runs (`npm run bundle`, scripts/bundle.ts): dist/ and the server's production packages only.
#
#   docker build -t project-portal \
#     --build-arg VITE_AUTH_CLIENT_ID=<client id> --build-arg VITE_AUTH_TENANT_ID=<tenant id> \
#     --build-arg VITE_AUTH_SCOPE=api://<host>/<client id>/access_as_user --build-arg VITE_TEAMS_APP_ID=<teams app id> .
#   docker run -p 8080:8080 -e PUBLIC_URL=https://<host> -e DATABASE_URL=... -e PORTAL_JWT_SECRET=... \
#     -e AUTH_TENANT_ID=... -e AUTH_CLIENT_ID=... -e AZURE_STORAGE_CONNECTION_STRING=... project-portal
#
# Configuration is the environment (README.md, "Configuration"); nothing secret is baked into the image.

# ---- build: dependencies, web app + server, bundle ----
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# build-time settings of the browser sign-in and Teams deep links (README.md, VITE_*)
ARG VITE_AUTH_CLIENT_ID
ARG VITE_AUTH_TENANT_ID
ARG VITE_AUTH_SCOPE
ARG VITE_TEAMS_APP_ID
RUN npm run build && npm run bundle -- --out /bundle

# ---- runtime: the bundle alone ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
# the application files stay root-owned (read-only for the server); only DATA_DIR is writable
COPY --from=build /bundle ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# /health: the process lives (use /ready, database reachable and migrated, for a load balancer's probe)
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node runs as PID 1 and handles SIGTERM itself (drains, then exits): `docker stop` is a clean stop
CMD ["node", "dist/server/main.js"]
