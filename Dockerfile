# The API, serving the built web app. Build from the repository root: docker build -t kim .
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install --global pnpm@9.15.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build && pnpm deploy --filter @kim/api --prod /out && cp -r apps/web/dist /out/web-dist

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 WEB_DIST_DIR=/app/web-dist
COPY --from=build /out /app
USER node
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js"]
