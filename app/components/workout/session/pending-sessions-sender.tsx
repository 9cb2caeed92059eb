import { useEffect } from "react";
import { hasPendingSessions } from "./session-keys";

/**
 * On every page of a signed-in visit: sessions finished offline on this
 * device are sent now, and again each time the network comes back. The
 * sender's code loads only when there is something to send.
 */
export function PendingSessionsSender({ userId }: { userId: string | null }) {
  useEffect(() => {
    if (userId === null) return;
    const send = () => {
      if (!hasPendingSessions(localStorage, userId)) return;
      void import("./session-outbox").then(({ sendPendingSessions }) => sendPendingSessions({ userId }));
    };
    send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, [userId]);
  return null;
}
