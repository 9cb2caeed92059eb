import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets parallel work (or a benchmark) build without touching ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
