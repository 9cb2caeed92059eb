import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After a navigation to another page (JavaScript on: the browser does not
 * load a new document, so it neither moves focus nor announces anything),
 * focus goes to the new page's content (or the section its #hash names) and
 * a screen reader hears the new page's title.
 */
export function RouteAnnouncer() {
  const location = useLocation();
  const shownPath = useRef(location.pathname);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    const target =
      (location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))) ||
      document.getElementById("contenu");
    if (target) {
      if (!target.hasAttribute("tabindex") && !target.matches("a[href], button, input, select, textarea, summary"))
        target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
    // <Meta> has put the new page's title in place by now.
    setAnnouncement(document.title);
  }, [location.pathname, location.hash]);

  return (
    // An <output> is a polite status region.
    <output className="visually-hidden">{announcement}</output>
  );
}
