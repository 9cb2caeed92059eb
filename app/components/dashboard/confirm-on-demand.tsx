import { type ComponentProps, Suspense, use } from "react";
import type * as Confirm from "./dashboard-confirm";
import { loadDashboardConfirm } from "./dashboard-confirm-loader";

// The dashboard's deletion questions, their code loaded when one is asked
// (dashboard-confirm-loader.ts). Until it is there nothing shows: the modal
// opens a moment later, the page behind unchanged.

function PanelWhenLoaded(props: ComponentProps<typeof Confirm.ConfirmPanel>) {
  const { ConfirmPanel: Panel } = use(loadDashboardConfirm());
  return <Panel {...props} />;
}

function ModalWhenLoaded(props: ComponentProps<typeof Confirm.ConfirmModal>) {
  const { ConfirmModal: Modal } = use(loadDashboardConfirm());
  return <Modal {...props} />;
}

export function ConfirmPanel(props: ComponentProps<typeof Confirm.ConfirmPanel>) {
  return (
    <Suspense fallback={null}>
      <PanelWhenLoaded {...props} />
    </Suspense>
  );
}

export function ConfirmModal(props: ComponentProps<typeof Confirm.ConfirmModal>) {
  return (
    <Suspense fallback={null}>
      <ModalWhenLoaded {...props} />
    </Suspense>
  );
}
