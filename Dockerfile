# One small container: the production build, its runtime packages and the migrations.
# The SQLite file lives on a Fly volume mounted at /data.
# `npm run test:container` replays the install, build and prune steps below and starts the result
# the way ENTRYPOINT/CMD do (it reads them from this file): keep RUN steps that it should replay
# as npm commands, and ENTRYPOINT/CMD in JSON form.
# The Node.js major the image runs: one build argument (docs/decisions/deploy.md, "Runtime": 22, the
# supported LTS; Node 20 left support in April 2026). Roll back with `fly deploy --build-arg NODE_MAJOR=20`.
ARG NODE_MAJOR=22
FROM node:${NODE_MAJOR}-bookworm-slim AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
WORKDIR /app

# better-sqlite3 compiles when no prebuilt binary matches.
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm's postinstall applies these patches of packages (patch-package; see README, "Choices").
COPY patches ./patches
RUN npm install --include=dev

# .dockerignore keeps the host's node_modules, build output, data/, databases and .env out of
# this copy, so the Linux node_modules installed above are the ones that ship.
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM base
ENV NODE_ENV=production PORT=8080 DATABASE_PATH=/data/app.db
# glibc's allocator (issue 20): two arenas instead of eight per core, and blocks of 64 KB or more
# (compression state, request and page buffers) mapped on their own and returned to the system when
# freed, instead of left in a fragmented heap. The load scripts use the same (tests/support/env.ts
# LOAD_ENV; test:container checks they match). Measured in docs/decisions/performance.md.
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536
# util-linux (setpriv, used by the entrypoint) is part of the Debian base image.
RUN apt-get update && apt-get install -y --no-install-recommends sqlite3 ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/drizzle ./drizzle
# Operational scripts (npm run staff / db:seed / sync / db:backup) run from source with tsx.
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/tsconfig.json /app/remix.env.d.ts ./
# The entrypoint, Litestream's configuration (used when BUCKET_NAME is set) and LiteFS's (not used).
COPY --from=build /app/deploy ./deploy
# No `USER node` here: the volume Fly mounts on /data is a fresh, root-owned file system that
# hides anything prepared in the image, so the container starts as root and the entrypoint
# hands /data to `node` and drops to it before the server starts (the server never runs as root).
# For operational commands use the same path: `fly ssh console -C "/app/deploy/docker-entrypoint.sh npm run staff -- list"`
# (the entrypoint runs Litestream only around the server, never around such a command).
EXPOSE 8080
ENTRYPOINT ["/app/deploy/docker-entrypoint.sh"]
# The server itself, with package.json's "config.nodeFlags" (the heap limits; test:container checks
# they match). Not `npm start`: npm runs its script through `sh -c`, which dies on SIGTERM without
# passing it on, so npm exits and the server is killed without closing the database. Here the
# entrypoint exec's setpriv, which exec's node: SIGTERM reaches the server, which finishes in-flight
# requests, closes the database and exits within fly.toml's kill_timeout.
CMD ["node", "--max-old-space-size=64", "--max-semi-space-size=1", "build/server.js"]
