import { type ComponentProps, Suspense } from "react";
import { componentOnDemand } from "~/lib/load-on-demand";
import { loadDashboardConfirm } from "./dashboard-confirm-loader";

// The dashboard's deletion questions, their code loaded when one is asked
// (dashboard-confirm-loader.ts). Until it is there nothing shows: the modal
// opens a moment later, the page behind unchanged.

const PanelWhenLoaded = componentOnDemand(loadDashboardConfirm, "ConfirmPanel");
const ModalWhenLoaded = componentOnDemand(loadDashboardConfirm, "ConfirmModal");

export function ConfirmPanel(props: ComponentProps<typeof PanelWhenLoaded>) {
  return (
    <Suspense fallback={null}>
      <PanelWhenLoaded {...props} />
    </Suspense>
  );
}

export function ConfirmModal(props: ComponentProps<typeof ModalWhenLoaded>) {
  return (
    <Suspense fallback={null}>
      <ModalWhenLoaded {...props} />
    </Suspense>
  );
}
