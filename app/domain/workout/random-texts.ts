// How many phrases each randomly picked text group has in the translations
// (a test checks every language): the greetings, the assistant's three
// phrases per choice step, and the tips.

export const RANDOM_TEXT_COUNTS = { greetings: 3, prompts: 3, tips: 10 } as const;
