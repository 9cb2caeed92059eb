import type { ReactNode } from "react";
import type { DocsAnswer, DocsCall, DocsField, DocsView } from "~/lib/openapi/docs-view";
import styles from "./api-docs-page.module.css";

/** The page's words (locales/xx/api-docs.json), translated on the server. */
export const API_DOCS_LABEL_KEYS = [
  "eyebrow",
  "title",
  "intro",
  "languageNote",
  "rawLink",
  "onThisPage",
  "overview",
  "schemasTitle",
  "signedIn",
  "public",
  "originRule",
  "parameters",
  "body",
  "answers",
  "headers",
  "fields.name",
  "fields.type",
  "fields.required",
  "fields.rules",
  "fields.description",
  "fields.in",
  "yes",
  "no",
] as const;

export type ApiDocsLabels = Record<(typeof API_DOCS_LABEL_KEYS)[number], string>;

/** `code` and **strong** of the document's descriptions, as elements (never as HTML). */
function Prose({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).filter(Boolean);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith("`") ? (
          <code key={index}>{part.slice(1, -1)}</code>
        ) : part.startsWith("**") ? (
          <strong key={index}>{part.slice(2, -2)}</strong>
        ) : (
          part
        ),
      )}
    </>
  );
}

const schemaAnchor = (name: string) => `schema-${name}`;

/** A type in words, each schema name a link to its table. */
function TypeText({ type, schemas }: { type: string; schemas: ReadonlySet<string> }) {
  const parts = type.split(/([A-Za-z]+)/g);
  return (
    <code>
      {parts.map((part, index) =>
        schemas.has(part) ? (
          <a key={index} href={`#${schemaAnchor(part)}`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </code>
  );
}

function FieldTable({
  fields,
  labels,
  schemas,
  withPlace = false,
}: {
  fields: (DocsField & { in?: string })[];
  labels: ApiDocsLabels;
  schemas: ReadonlySet<string>;
  withPlace?: boolean;
}) {
  return (
    <div className={styles.tableBox}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{labels["fields.name"]}</th>
            {withPlace ? <th scope="col">{labels["fields.in"]}</th> : null}
            <th scope="col">{labels["fields.type"]}</th>
            <th scope="col">{labels["fields.required"]}</th>
            <th scope="col">{labels["fields.rules"]}</th>
            <th scope="col">{labels["fields.description"]}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name}>
              <th scope="row">
                <code>{field.name}</code>
              </th>
              {withPlace ? <td>{field.in}</td> : null}
              <td>
                <TypeText type={field.type} schemas={schemas} />
              </td>
              <td>{field.required ? labels.yes : labels.no}</td>
              <td className={styles.rules}>{field.rules}</td>
              <td>
                <Prose text={field.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Answer({
  answer,
  labels,
  schemas,
}: {
  answer: DocsAnswer;
  labels: ApiDocsLabels;
  schemas: ReadonlySet<string>;
}) {
  return (
    <li className={styles.answer}>
      <p>
        <span className={styles.status} data-kind={answer.status[0]}>
          {answer.status}
        </span>{" "}
        <Prose text={answer.description} />
      </p>
      {answer.type || answer.media.length > 0 || answer.headers.length > 0 ? (
        <p className={styles.meta}>
          {answer.type ? <TypeText type={answer.type} schemas={schemas} /> : answer.media.join(", ")}
          {answer.headers.length > 0 ? (
            <>
              {" · "}
              {labels.headers} {answer.headers.join(", ")}
            </>
          ) : null}
        </p>
      ) : null}
      {answer.fields.length > 0 ? <FieldTable fields={answer.fields} labels={labels} schemas={schemas} /> : null}
    </li>
  );
}

function Call({
  call,
  labels,
  limit,
  schemas,
}: {
  call: DocsCall;
  labels: ApiDocsLabels;
  limit: string | undefined;
  schemas: ReadonlySet<string>;
}) {
  const badges: ReactNode[] = [call.signedIn ? labels.signedIn : labels.public];
  if (call.originRule) badges.push(labels.originRule);
  if (limit) badges.push(limit);
  return (
    <section className={styles.call} id={call.id} aria-labelledby={`${call.id}-title`}>
      <h3 id={`${call.id}-title`} className={styles.callTitle}>
        <span className={styles.method} data-method={call.method}>
          {call.method}
        </span>{" "}
        <code className={styles.path}>{call.path}</code>
      </h3>
      <p className={styles.summary}>{call.summary}</p>
      <ul className={styles.badges}>
        {badges.map((badge, index) => (
          <li key={index}>{badge}</li>
        ))}
      </ul>
      {call.description ? (
        <p>
          <Prose text={call.description} />
        </p>
      ) : null}
      {call.parameters.length > 0 ? (
        <>
          <h4>{labels.parameters}</h4>
          <FieldTable fields={call.parameters} labels={labels} schemas={schemas} withPlace />
        </>
      ) : null}
      {call.bodyMedia.length > 0 ? (
        <>
          <h4>{labels.body}</h4>
          <p className={styles.meta}>
            {call.bodyMedia.join(", ")}
            {call.bodyType && call.bodyFields.length === 0 ? (
              <>
                {" · "}
                <TypeText type={call.bodyType} schemas={schemas} />
              </>
            ) : null}
          </p>
          {call.bodyFields.length > 0 ? (
            <FieldTable fields={call.bodyFields} labels={labels} schemas={schemas} />
          ) : null}
        </>
      ) : null}
      <h4>{labels.answers}</h4>
      <ul className={styles.answers}>
        {call.answers.map((answer) => (
          <Answer key={answer.status} answer={answer} labels={labels} schemas={schemas} />
        ))}
      </ul>
    </section>
  );
}

export function ApiDocsPage({
  labels,
  limits,
  view,
}: {
  labels: ApiDocsLabels;
  limits: Record<string, string>;
  view: DocsView;
}) {
  const schemas = new Set(view.schemas.map((schema) => schema.name));
  return (
    <article className={styles.page} aria-labelledby="api-docs-title">
      <header>
        <p className="eyebrow">{labels.eyebrow}</p>
        <h1 id="api-docs-title">{labels.title}</h1>
        <p className="lead">{labels.intro}</p>
        <p>{labels.languageNote}</p>
        <p>
          <a href="/api/openapi.json">{labels.rawLink}</a>
        </p>
      </header>
      <nav className={styles.toc} aria-labelledby="api-docs-toc">
        <h2 id="api-docs-toc">{labels.onThisPage}</h2>
        <ol>
          <li>
            <a href="#overview">{labels.overview}</a>
          </li>
          {view.groups.map((group) => (
            <li key={group.name}>
              <a href={`#${group.calls[0]?.id ?? ""}`}>{group.name}</a>
            </li>
          ))}
          <li>
            <a href="#schemas">{labels.schemasTitle}</a>
          </li>
        </ol>
      </nav>
      <section id="overview" aria-labelledby="overview-title" className={styles.group}>
        <h2 id="overview-title">{labels.overview}</h2>
        {view.introduction.map((paragraph) => (
          <p key={paragraph}>
            <Prose text={paragraph} />
          </p>
        ))}
      </section>
      {view.groups.map((group) => (
        <section key={group.name} className={styles.group} aria-label={group.name}>
          <h2>{group.name}</h2>
          <p>{group.description}</p>
          {group.calls.map((call) => (
            <Call key={call.id} call={call} labels={labels} limit={limits[call.id]} schemas={schemas} />
          ))}
        </section>
      ))}
      <section id="schemas" aria-labelledby="schemas-title" className={styles.group}>
        <h2 id="schemas-title">{labels.schemasTitle}</h2>
        {view.schemas.map((schema) => (
          <section key={schema.name} id={schemaAnchor(schema.name)} className={styles.call}>
            <h3 className={styles.callTitle}>
              <code>{schema.name}</code>
            </h3>
            {schema.fields.length > 0 ? (
              <FieldTable fields={schema.fields} labels={labels} schemas={schemas} />
            ) : (
              <p className={styles.meta}>
                <code>{schema.type}</code>
              </p>
            )}
          </section>
        ))}
      </section>
    </article>
  );
}
