# One small container: the production build, its runtime packages and the migrations.
# The SQLite file lives on a Fly volume mounted at /data.
FROM node:20-bookworm-slim AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
WORKDIR /app

# better-sqlite3 compiles when no prebuilt binary matches.
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --include=dev

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM base
ENV NODE_ENV=production PORT=8080 DATABASE_PATH=/data/app.db
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
RUN mkdir -p /data && chown -R node:node /data
USER node
EXPOSE 8080
# npm start runs node with the heap limits in package.json "config" and forwards SIGTERM.
CMD ["npm", "start"]
