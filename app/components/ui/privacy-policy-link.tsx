/**
 * The privacy policy, opened in a new tab so the form being filled stays as it
 * is. Used as a component of <Trans>, which fills in the link's words from the
 * translation (the sentence says the tab is new).
 */
export function PrivacyPolicyLink({ children }: { children?: React.ReactNode }) {
  return (
    <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
