import { useAccountDialog } from "./account-dialog-context";

/** A link that drops `?compte=` (works without JavaScript); with JavaScript it closes the dialog in place. */
export function CloseLink({
  className,
  label,
  children,
}: {
  className: string;
  /** Accessible name when the content is only an icon. */
  label?: string;
  children: React.ReactNode;
}) {
  const { closeHref, requestClose, hydrated } = useAccountDialog();
  return (
    <a
      href={closeHref}
      className={className}
      aria-label={label}
      title={label}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        requestClose();
      }}
    >
      {children}
    </a>
  );
}
