import { createContext, useContext } from "react";

/**
 * The level of the blocks' headings: h2 on the /historique page (under its
 * h1), h3 in the account dialog (under the dialog's h2). Sub-headings go one deeper.
 */
export const BlockHeadingLevel = createContext<2 | 3>(3);

export function BlockHeading({
  id,
  className,
  sub = false,
  children,
}: {
  id?: string;
  className?: string;
  /** A heading inside a block (a group of statistics). */
  sub?: boolean;
  children: React.ReactNode;
}) {
  const level = useContext(BlockHeadingLevel) + (sub ? 1 : 0);
  const Tag = `h${level}` as "h2" | "h3" | "h4";
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}
