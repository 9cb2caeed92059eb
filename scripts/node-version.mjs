// Plain JavaScript that any Node can parse, so an old Node gets a clear
// message instead of a syntax error.
export const requiredMajor = 24;

export function assertNodeVersion() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < requiredMajor) {
    console.error(
      `Dynami needs Node ${requiredMajor} or newer (this is Node ${process.versions.node}). ` +
        "Run it through npm (npm start, npm test), which uses the Node 24 installed by npm ci.",
    );
    process.exit(1);
  }
}
