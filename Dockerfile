# The API server and the built web app, for operators (README "Running several instances").
# Node 22: the AWS SDK's releases after January 2027 need it (Node 20.19 still runs everything else).

# Build stage: every dependency, to build the web app once.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Runtime: production dependencies only. tsx (a production dependency) runs the TypeScript server
# as `npm start` does, without the build step `npm start` runs first.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    WEB_DIST=/app/dist/web
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY tsconfig.json ./
COPY src ./src
COPY --from=build /app/dist/web ./dist/web
# The data folder is the process's only writable place (PGlite and UPLOAD_DIR when no DATABASE_URL
# and no bucket are given, which is for one instance only).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness only: readiness (/readyz, the database answers) is the load balancer's check.
HEALTHCHECK --interval=10s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "src/server/server.ts"]
