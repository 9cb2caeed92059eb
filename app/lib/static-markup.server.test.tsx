import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { StaticMarkup, StaticMarkupContext } from "./static-markup";
import { createStaticMarkupCache } from "./static-markup.server";

/** The page's way of rendering: React's streaming renderer, as app/entry.server.tsx uses it. */
function streamed(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on("finish", () => resolve(html));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

function Stars({ count }: { count: number }) {
  return (
    <span className="stars">
      <span className="visually-hidden">{count} étoiles</span>
      {Array.from({ length: 5 }, (_, index) => (
        <svg key={index} className={index < count ? "filled" : ""} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 2.8l2.8 5.9z" />
        </svg>
      ))}
    </span>
  );
}

const reviews = [
  { id: "a", name: "Léa & <Théo>", text: "« Très bien » : 5/5", stars: 5 },
  { id: "b", name: "Inès", text: "Bien", stars: 3 },
];

function Track() {
  return (
    <section aria-label="Avis">
      <StaticMarkup
        as="div"
        className="track"
        cacheKey={`reviews\n${JSON.stringify(reviews)}`}
        render={() =>
          [0, 1].map((copy) => (
            <ul key={copy} aria-hidden={copy > 0 || undefined} inert={copy > 0}>
              {reviews.map((review) => (
                <li key={review.id}>
                  <Stars count={review.stars} />
                  {review.name} {review.text}
                  <img src="/a.svg" alt="" loading="lazy" />
                </li>
              ))}
            </ul>
          ))
        }
      />
    </section>
  );
}

describe("markup rendered once on the server", () => {
  it("is the very markup the page would have streamed", async () => {
    const plain = await streamed(<Track />);
    const cache = createStaticMarkupCache();
    const cached = (
      <StaticMarkupContext.Provider value={cache}>
        <Track />
      </StaticMarkupContext.Provider>
    );
    expect(plain).toContain('<div class="track"><ul><li><span class="stars">');
    expect(plain).toContain("Léa &amp; &lt;Théo&gt;<!-- --> <!-- -->« Très bien » : 5/5");
    expect(await streamed(cached)).toBe(plain);
    // Served from the cache the second time: the same again.
    expect(await streamed(cached)).toBe(plain);
  });

  it("renders each key once, and again after it was dropped for newer ones", () => {
    const cache = createStaticMarkupCache(2);
    const render = vi.fn(() => <p>a</p>);
    expect(cache.html("a", render)).toBe("<p>a</p>");
    expect(cache.html("a", render)).toBe("<p>a</p>");
    expect(render).toHaveBeenCalledTimes(1);
    expect(cache.html("b", () => <p>b</p>)).toBe("<p>b</p>");
    // "a" was used more recently than "b": "b" goes when "c" comes.
    cache.html("a", render);
    cache.html("c", () => <p>c</p>);
    cache.html("a", render);
    expect(render).toHaveBeenCalledTimes(1);
    const renderB = vi.fn(() => <p>b</p>);
    cache.html("b", renderB);
    expect(renderB).toHaveBeenCalledTimes(1);
  });
});
