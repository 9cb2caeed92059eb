// The texts of the offline pages and of the web app manifests
// (locales/<language>/offline.json): written into files by the build, never
// sent to the browser as a namespace (app/i18n/browser-bundles.ts).

export interface OfflineTexts {
  manifest: { name: string; shortName: string; description: string };
  page: {
    title: string;
    heading: string;
    intro: string;
    worksTitle: string;
    works: { builder: string; session: string; pages: string };
    retry: string;
    openWorkout: string;
    home: string;
  };
}
