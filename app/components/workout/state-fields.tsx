import type { BuilderState } from "~/domain/workout/builder-state";
import { builderParams } from "~/domain/workout/builder-url";

/**
 * The builder's state as hidden fields of its form, so every button sends
 * the whole state with its action. Fields the view shows as real inputs
 * (the session name, the sort, the search) are left out here.
 */
export function StateFields({ state, omit }: { state: BuilderState; omit: readonly string[] }) {
  const fields = [...builderParams(state)].filter(([name]) => !omit.includes(name));
  return (
    <>
      {fields.map(([name, value], index) => (
        <input key={`${name}-${index}-${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
