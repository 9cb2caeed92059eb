import { describe, expect, it } from "vitest";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as registerRoute from "./register.ts";

// Enumeration through timing: signing up with an address that has an account
// must take as long as with a new one. The two cases are interleaved (the
// machine's load then weighs on both alike) and their medians compared. On a
// machine busy with other work one round can still land outside the band by
// chance: a round out of band is measured again, up to three rounds. A real
// difference of work (a skipped hash: a ratio near 0.1) fails every round.

const app = freshTestAppPerTest();
const SAMPLES = 30;
const ROUNDS = 3;

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

let nextAddress = 0;

async function timedSignUp(email: string, pseudo: string): Promise<number> {
  const sample = nextAddress++;
  const started = performance.now();
  const response = await callRoute(
    registerRoute.action as never,
    jsonRequest("/api/register", { email, pseudo, motdepasse: "motdepasse-123", captchaToken: null }),
    // Each sample from its own address: the sign-up limit (20 per address) stays out of the way.
    { context: app.context(`10.9.${Math.floor(sample / 200)}.${sample % 200}`) },
  );
  const elapsed = performance.now() - started;
  expect(response.status).toBe(201);
  return elapsed;
}

describe("POST /api/register timing", () => {
  it("takes as long for a known e-mail as for a new one (ratio of medians within 0.8-1.25)", async () => {
    await timedSignUp("known@example.com", "known"); // the account that exists, and a warm-up
    const ratios: number[] = [];
    let created = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const known: number[] = [];
      const fresh: number[] = [];
      for (let sample = 1; sample <= SAMPLES; sample += 1) {
        const id = `${round}-${sample}`;
        const runKnown = async () => known.push(await timedSignUp("known@example.com", `known-${id}`));
        const runFresh = async () => fresh.push(await timedSignUp(`new-${id}@example.com`, `new-${id}`));
        // Each goes first in half of the pairs.
        const [first, second] = sample % 2 === 0 ? [runKnown, runFresh] : [runFresh, runKnown];
        await first();
        await second();
      }
      created += SAMPLES;
      const ratio = median(known) / median(fresh);
      ratios.push(ratio);
      console.info(
        `register timing, round ${round}: known e-mail median ${median(known).toFixed(1)} ms, ` +
          `new e-mail ${median(fresh).toFixed(1)} ms, ratio ${ratio.toFixed(3)}`,
      );
      if (ratio >= 0.8 && ratio <= 1.25) break;
    }
    expect(ratios.at(-1)).toBeGreaterThanOrEqual(0.8);
    expect(ratios.at(-1)).toBeLessThanOrEqual(1.25);
    // Only the new addresses got accounts.
    expect(await app.services.store.users.count()).toBe(1 + created);
  }, 120_000);
});
