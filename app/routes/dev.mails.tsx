import { data } from "react-router";
import type { Route } from "./+types/dev.mails";
import { getServices } from "~/context.server";
import { pageTitle } from "~/lib/page-title";
import { devToolsAllowed } from "~/services/dev-tools.server";
import { listMailFiles } from "~/services/mail/mail-files.server";

// Development only: the mails written as files when SMTP_URL is not set,
// with their links clickable. 404 unless the development tools are on and
// the request comes from this machine (see devToolsAllowed).
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!devToolsAllowed(context, request)) throw data(null, { status: 404 });
  const { config } = getServices(context);
  const mails = await listMailFiles(config.mailDir);
  return {
    mailDir: config.mailDir,
    mails: mails.map(({ file, to, subject, writtenAt, links }) => ({
      file,
      to,
      subject,
      writtenAt: writtenAt.toISOString(),
      links,
    })),
  };
}

/** Never kept by a cache: each request is checked (devToolsAllowed). */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: pageTitle("Mails (développement)") }, { name: "robots", content: "noindex" }];
}

export default function DevMails({ loaderData }: Route.ComponentProps) {
  const { mails, mailDir } = loaderData;
  return (
    <section className="section">
      <div className="section-inner">
        <h1>Mails envoyés (développement)</h1>
        <p className="section-intro">
          Sans <code>SMTP_URL</code>, chaque mail est écrit dans <code>{mailDir}</code>. Les plus récents d'abord.
        </p>
        {mails.length === 0 ? (
          <p>Aucun mail pour l'instant.</p>
        ) : (
          <ul className="card-grid">
            {mails.map((mail) => (
              <li key={mail.file} className="card">
                <h2 className="dev-mail-subject">
                  <a href={`/dev/mails/${encodeURIComponent(mail.file)}`}>{mail.subject || "(sans objet)"}</a>
                </h2>
                <p>
                  À : {mail.to}
                  <br />
                  <time dateTime={mail.writtenAt}>{new Date(mail.writtenAt).toLocaleString("fr-FR")}</time>
                </p>
                {mail.links.map((link) => (
                  <a key={link} href={link} className="dev-mail-link">
                    {link}
                  </a>
                ))}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
