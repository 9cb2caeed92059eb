// Addresses of the community's pages, for links that must not pull in the forms' code.

/** The review form's own page, and what the review dialog posts to. */
export const reviewFormPath = "/avis/nouveau";
