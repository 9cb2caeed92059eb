// conform's reply sends the submitted values back so the form shows them
// again. Only the form's own fields go back, each cut to its own limit:
// nothing else a client posts is ever echoed, and never more than a field may
// hold (a 60 KB "name" does not come back as 60 KB).

export type EchoLimits = Readonly<Record<string, number>>;

interface ReplyWithValues {
  initialValue?: Record<string, unknown> | null;
  fields?: string[];
}

/** The value of one field as it may be echoed: a string within its limit, or nothing. */
export function boundedEcho(value: unknown, limit: number): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first.slice(0, limit) : undefined;
}

export function boundedReply<Reply extends ReplyWithValues>(reply: Reply, limits: EchoLimits): Reply {
  if (!reply.initialValue) return reply;
  const initialValue: Record<string, string> = {};
  for (const [name, limit] of Object.entries(limits)) {
    const echoed = boundedEcho(reply.initialValue[name], limit);
    if (echoed !== undefined) initialValue[name] = echoed;
  }
  return { ...reply, initialValue, fields: reply.fields?.filter((field) => field in limits) };
}
