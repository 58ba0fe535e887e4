# syntax=docker/dockerfile:1
# Weft in one image: the API server, which also serves the built web app.
#   docker build -t weft .
#   docker run -p 3000:3000 -v weft-data:/data weft
# Three stages: `build` compiles everything (all dependencies), `deps` installs the production
# dependencies alone (native modules compiled there, so the runtime needs no compiler), and
# `runtime` takes the two results. Debian's Chromium is not installed: Weft's server does not use
# it (only the browser tests do).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: npm ci with dev dependencies, then npm run build (server, engine, nodes, core, web)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY npm-stubs ./npm-stubs
COPY packages/core/package.json packages/core/
COPY packages/nodes/package.json packages/nodes/
COPY packages/engine/package.json packages/engine/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
# --ignore-scripts: the root's `prepare` would build before the sources are here.
RUN npm ci --ignore-scripts
COPY tsconfig.base.json ./
COPY packages ./packages
RUN npm run build

# ---- deps: production dependencies only, native modules (SQLite, argon2, hnswlib) built here
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY npm-stubs ./npm-stubs
COPY packages/core/package.json packages/core/
COPY packages/nodes/package.json packages/nodes/
COPY packages/engine/package.json packages/engine/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --omit=dev --ignore-scripts \
  && npm rebuild better-sqlite3 argon2 hnswlib-node \
  && npm cache clean --force

# ---- runtime: node, the production dependencies and the built packages; runs as `node`, not root
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    WEFT_HOME=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/packages ./packages
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/packages/core/dist ./packages/core/dist
COPY --from=build /app/packages/nodes/dist ./packages/nodes/dist
COPY --from=build /app/packages/nodes/icons ./packages/nodes/icons
COPY --from=build /app/packages/engine/dist ./packages/engine/dist
COPY --from=build /app/packages/server/dist ./packages/server/dist
COPY --from=build /app/packages/web/dist ./packages/web/dist
# The data folder (SQLite database, encryption key, uploads, logs) belongs to the unprivileged user.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) shuts down gracefully: running answers get WEFT_SHUTDOWN_GRACE_MS to finish.
STOPSIGNAL SIGTERM
CMD ["node", "packages/server/dist/main.js"]
