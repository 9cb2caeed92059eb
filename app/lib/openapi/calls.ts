// Every call of the JSON API, as the description publishes it. Adding a
// route under /api means adding its entry here: the coverage test compares
// this list with app/routes.ts, and the proof test sends each entry's calls
// (success and every documented refusal) to the app and checks the answers
// against the document.

import { z } from "zod";
import { LOGIN_LIMITS, MAIL_REQUEST_LIMITS } from "~/domain/account";
import {
  exportQuerySchema,
  forgotPasswordBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  newsletterChangeAnswerSchema,
  newsletterStateAnswerSchema,
  publicUserSchema,
  registerBodySchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  verifyEmailQuerySchema,
} from "~/domain/api/account-api";
import {
  errorAnswerSchema,
  errorWithCodes,
  messageSchema,
  successMessageSchema,
  successSchema,
} from "~/domain/api/answers";
import {
  approvedReviewAnswerSchema,
  moderationListAnswerSchema,
  newsletterAnswerSchema,
  newsletterChangedAnswerSchema,
  newsletterListAnswerSchema,
  newsletterSubscribeBodySchema,
  newsletterUnsubscribeBodySchema,
  newsletterUnsubscribeQuerySchema,
  photoDeletedAnswerSchema,
  photoRefusedAnswerSchema,
  photoUploadBodySchema,
  photoUploadedAnswerSchema,
  reviewAnswerSchema,
  reviewListAnswerSchema,
} from "~/domain/api/community-api";
import { historyEntryViewSchema, historyPageQuerySchema, historySummarySchema } from "~/domain/api/history-api";
import {
  idempotencyHeadersSchema,
  savedSessionAnswerSchema,
  SESSION_BODY_LIMIT_BYTES,
  workoutSessionsQuerySchema,
  workoutSessionViewSchema,
  workoutSessionsWithPointsSchema,
} from "~/domain/api/workouts-api";
import { CONTACT_RATE_LIMIT } from "~/domain/contact";
import { contactSchema } from "~/domain/contact-schema";
import { HISTORY_ACTIONS, HISTORY_WRITE_LIMIT, historyEntrySchema } from "~/domain/history";
import { HISTORY_PAGE_SIZE } from "~/domain/history-page";
import { deletionBody, emailChangeBody, newsletterBody, passwordChangeBody } from "~/domain/my-account-schema";
import { EXPORT_LIMITS, MY_ACCOUNT_BODY_LIMIT_BYTES, PASSWORD_CHECK_LIMITS } from "~/domain/my-account";
import { NEWSLETTER_RATE_LIMITS } from "~/domain/newsletter";
import { newsletterSchema } from "~/domain/newsletter-schema";
import { PHOTO_BODY_LIMIT_BYTES, PHOTO_MAX_BYTES } from "~/domain/photo";
import { REVIEW_LIST_LIMITS, REVIEW_RATE_LIMIT } from "~/domain/reviews";
import { reviewSchema } from "~/domain/reviews-schema";
import { WORKOUT_SESSION_PAGE_SIZE } from "~/domain/workout/session-page";
import {
  exerciseHistoryQuerySchema,
  exerciseHistoryResponseSchema,
  recordsResponseSchema,
} from "~/domain/workout/exercise-history-schema";
import { EXERCISE_HISTORY_PAGE_SIZE } from "~/domain/workout/personal-records";
import { routineBodySchema, routineResponseSchema, routinesResponseSchema } from "~/domain/workout/routine-schema";
import { ROUTINE_LIMITS, ROUTINE_REFUSAL_CODES } from "~/domain/workout/routines";
import { sessionPayloadSchema } from "~/domain/workout/session-schema";
import { JSON_BODY_LIMIT_BYTES } from "~/lib/body-limits";
import { SESSION_SAVE_LIMIT } from "~/services/workout/sessions.server";
import {
  type ApiAnswer,
  type ApiCall,
  NEXT_PAGE_LINK,
  RETRY_AFTER,
  SESSION_COOKIE_CLEARED,
  SESSION_COOKIE_SET,
} from "./registry";

function refused(description: string, codes?: readonly [string, ...string[]]): ApiAnswer {
  return { description, body: codes ? errorWithCodes(codes) : errorAnswerSchema };
}

function tooMany(description: string, codes?: readonly [string, ...string[]]): ApiAnswer {
  return { ...refused(description, codes), headers: { "Retry-After": RETRY_AFTER } };
}

const minutes = (seconds: number) => `${seconds / 60} minutes`;

const busy = tooMany("Every password-hashing slot is taken: nothing was done, try again after Retry-After.", ["BUSY"]);
const myAccountBusy = tooMany("Every password-hashing slot is taken: nothing was done.");
const wrongPassword = refused("The password is wrong; nothing changed.");
const myAccountRules = refused("A field breaks its rule; `field` names it.");
const passwordChecks = tooMany(
  `${PASSWORD_CHECK_LIMITS.failuresPerAccount} wrong passwords on this account in ${minutes(PASSWORD_CHECK_LIMITS.windowSeconds)}: refused, even the right one, until Retry-After.`,
);
const mailRequests = `${MAIL_REQUEST_LIMITS.perAddressAndRecipient} per client address and inbox, ${MAIL_REQUEST_LIMITS.perAddress} per client address, in ${minutes(MAIL_REQUEST_LIMITS.windowSeconds)}`;

const myAccountBody = (schema: z.ZodType) => ({
  schema,
  limitBytes: MY_ACCOUNT_BODY_LIMIT_BYTES,
  required: true,
});
const jsonBody = (schema: z.ZodType, required = true) => ({ schema, limitBytes: JSON_BODY_LIMIT_BYTES, required });

/** The my-account bodies' schemas take the request's "Requête invalide."; the document shows the French one. */
const invalid = "Requête invalide.";

const idParams = z.object({ id: z.string().meta({ description: "The item's id (24 hexadecimal characters)." }) });

/** The codes of a routine's 400 refusals (every code but the 404's). */
const ROUTINE_CODES_400 = [
  ...new Set(Object.values(ROUTINE_REFUSAL_CODES).filter((code) => code !== ROUTINE_REFUSAL_CODES.notFound)),
] as [string, ...string[]];

export const API_CALLS: readonly ApiCall[] = [
  // ------------------------------------------------------------ account
  {
    method: "post",
    path: "/api/login",
    operationId: "login",
    tag: "Account",
    summary: "Sign in",
    description:
      "Starts a session: its token is both the bearer token of the API and the session cookie's value. " +
      `Failed logins count per identifier and client address (${LOGIN_LIMITS.failuresPerIdentifierAndAddress}) and per address (${LOGIN_LIMITS.failuresPerAddress}) in ${minutes(LOGIN_LIMITS.windowSeconds)}.`,
    access: "public",
    body: jsonBody(loginBodySchema),
    answers: {
      200: { description: "Signed in.", body: loginAnswerSchema, headers: { "Set-Cookie": SESSION_COOKIE_SET } },
      400: refused("The body is not {identifier, password, remember?} of strings (and a boolean)."),
      401: refused("Wrong identifier or password (the same answer for an unknown account)."),
      403: refused("The address is not verified yet: the verification mail's link comes first.", [
        "EMAIL_NOT_VERIFIED",
      ]),
      429: tooMany("Too many failed logins: refused until Retry-After.", ["RATE_LIMITED"]),
      503: busy,
    },
  },
  {
    method: "post",
    path: "/api/register",
    operationId: "register",
    tag: "Account",
    summary: "Create an account",
    description:
      "Sends a verification mail (24 hours). An address that already has an account gets the same answer, and its owner a notice. " +
      `Mail requests: ${mailRequests}.`,
    access: "public",
    body: jsonBody(registerBodySchema),
    answers: {
      201: {
        description: "Account created (or the address was known): check the mailbox.",
        body: successMessageSchema,
      },
      400: refused("A field breaks the sign-up rules (the first one's message)."),
      409: refused("This pseudo is taken."),
      429: tooMany("Too many mail requests from this address: try again after Retry-After."),
      503: busy,
    },
  },
  {
    method: "post",
    path: "/api/forgot-password",
    operationId: "forgotPassword",
    tag: "Account",
    summary: "Ask for a password reset link",
    description: `The same answer whether an account exists or not. Mail requests: ${mailRequests}.`,
    access: "public",
    body: jsonBody(forgotPasswordBodySchema),
    answers: {
      200: { description: "If an account has this address, a link (1 hour) is on its way.", body: messageSchema },
      400: refused("Not an e-mail address."),
      429: tooMany("Too many mail requests from this address."),
    },
  },
  {
    method: "post",
    path: "/api/reset-password",
    operationId: "resetPassword",
    tag: "Account",
    summary: "Set a new password with a reset link's token",
    description: "Ends every session of the account.",
    access: "public",
    body: jsonBody(resetPasswordBodySchema),
    answers: {
      200: { description: "Password changed.", body: messageSchema },
      400: refused("The token is unknown, used or expired, or the password breaks its rule."),
      503: busy,
    },
  },
  {
    method: "post",
    path: "/api/resend-verification",
    operationId: "resendVerification",
    tag: "Account",
    summary: "Send the verification link again",
    description: `The same answer whether an account exists or not. Mail requests: ${mailRequests}.`,
    access: "public",
    body: jsonBody(resendVerificationBodySchema),
    answers: {
      200: { description: "If an unverified account has this address, a new link is on its way.", body: messageSchema },
      400: refused("Not an e-mail address."),
      429: tooMany("Too many mail requests from this address."),
    },
  },
  {
    method: "get",
    path: "/api/verify-email",
    operationId: "verifyEmail",
    tag: "Account",
    summary: "Verify an address with the mail's token",
    access: "public",
    query: verifyEmailQuerySchema,
    answers: {
      200: { description: "Address verified.", body: messageSchema },
      400: refused("No token, or a token unknown, used or expired."),
    },
  },
  {
    method: "post",
    path: "/api/logout",
    operationId: "logout",
    tag: "Account",
    summary: "End this session",
    description: "Ends the session of the bearer token or cookie; the same answer when there was none.",
    access: "public",
    answers: {
      200: { description: "Signed out.", body: successSchema, headers: { "Set-Cookie": SESSION_COOKIE_CLEARED } },
    },
  },
  // ------------------------------------------------------------ my account
  {
    method: "get",
    path: "/api/me",
    operationId: "getMe",
    tag: "My account",
    summary: "The signed-in account",
    access: "signed-in",
    answers: { 200: { description: "The account.", body: publicUserSchema } },
  },
  {
    method: "delete",
    path: "/api/me",
    operationId: "deleteMe",
    tag: "My account",
    summary: "Delete the account",
    description:
      "Erases the account and everything stored for it (sessions, history, workouts, photo, reviews, subscription), then sends one last mail.",
    access: "signed-in",
    body: myAccountBody(deletionBody(invalid)),
    answers: {
      200: {
        description: "Deleted; the cookie is cleared.",
        body: successMessageSchema,
        headers: { "Set-Cookie": SESSION_COOKIE_CLEARED },
      },
      400: myAccountRules,
      403: wrongPassword,
      429: passwordChecks,
      503: myAccountBusy,
    },
  },
  {
    method: "post",
    path: "/api/me/password",
    operationId: "changePassword",
    tag: "My account",
    summary: "Change the password",
    description: "Every other session of the account ends (this one stays); a mail tells the owner.",
    access: "signed-in",
    body: myAccountBody(passwordChangeBody(invalid)),
    answers: {
      200: { description: "Changed.", body: successMessageSchema },
      400: myAccountRules,
      403: wrongPassword,
      429: passwordChecks,
      503: myAccountBusy,
    },
  },
  {
    method: "post",
    path: "/api/me/email",
    operationId: "changeEmail",
    tag: "My account",
    summary: "Change the e-mail address",
    description: `A link (24 hours) goes to the new address, which becomes the account's once opened; the old one is told. Spends one of the client address's mail requests (${mailRequests}).`,
    access: "signed-in",
    body: myAccountBody(emailChangeBody(invalid)),
    answers: {
      202: { description: "The link is on its way.", body: successMessageSchema },
      400: myAccountRules,
      403: wrongPassword,
      429: passwordChecks,
      503: myAccountBusy,
    },
  },
  {
    method: "delete",
    path: "/api/me/email",
    operationId: "cancelEmailChange",
    tag: "My account",
    summary: "Drop the pending address change",
    description: "Its link stops working.",
    access: "signed-in",
    answers: { 200: { description: "Dropped (or there was none).", body: successMessageSchema } },
  },
  {
    method: "post",
    path: "/api/me/logout-all",
    operationId: "logoutEverywhere",
    tag: "My account",
    summary: "End every session of the account",
    description: "This one included: its token stops working.",
    access: "signed-in",
    answers: {
      200: {
        description: "Every session ended; the cookie is cleared.",
        body: successMessageSchema,
        headers: { "Set-Cookie": SESSION_COOKIE_CLEARED },
      },
    },
  },
  {
    method: "get",
    path: "/api/me/newsletter",
    operationId: "getNewsletterState",
    tag: "My account",
    summary: "The account address's newsletter subscription",
    access: "signed-in",
    answers: { 200: { description: "Its state.", body: newsletterStateAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/me/newsletter",
    operationId: "setNewsletterSubscription",
    tag: "My account",
    summary: "Subscribe or unsubscribe the account's address",
    description: "Confirmed at once: the account's address is verified.",
    access: "signed-in",
    body: myAccountBody(newsletterBody(invalid)),
    answers: {
      200: { description: "Done; the new state.", body: newsletterChangeAnswerSchema },
      400: refused("subscribed is not a boolean."),
    },
  },
  {
    method: "get",
    path: "/api/me/export",
    operationId: "exportMyData",
    tag: "My account",
    summary: "Download my data",
    description: `A download (Content-Disposition: attachment). CSV files: ';' and a decimal comma in French, German and Spanish, ',' and a point in English; UTF-8 with a byte order mark. ${EXPORT_LIMITS.perAccount} exports per account in ${minutes(EXPORT_LIMITS.windowSeconds)}.`,
    access: "signed-in",
    query: exportQuerySchema,
    answers: {
      200: {
        description: "The file.",
        media: {
          "application/json": { schema: { type: "object", description: "Everything held about the account." } },
          "text/csv": { schema: { type: "string" } },
        },
        headers: {
          "Content-Disposition": {
            description: 'attachment; filename="…"',
            schema: { type: "string", pattern: '^attachment; filename="[^"]+"$' },
            required: true,
          },
        },
      },
      400: refused("An unknown format."),
      429: tooMany("Too many exports: try again after Retry-After."),
    },
  },
  // ------------------------------------------------------------ history
  {
    method: "get",
    path: "/api/history",
    operationId: "listHistory",
    tag: "History",
    summary: "My calculations, newest first",
    description: `A page of ${HISTORY_PAGE_SIZE} at most; the Link header gives the next one.`,
    access: "signed-in",
    query: historyPageQuerySchema,
    answers: {
      200: {
        description: "A page of records.",
        body: z.array(historyEntryViewSchema).max(HISTORY_PAGE_SIZE),
        headers: { Link: NEXT_PAGE_LINK },
      },
      400: refused("limit or before is not valid."),
    },
  },
  {
    method: "post",
    path: "/api/history",
    operationId: "saveCalculation",
    tag: "History",
    summary: "Save a calculation",
    description: `The measurements follow the calculators' rules; the figures (imc, categorie, calories) are computed again by the server. ${HISTORY_WRITE_LIMIT.perUser} an hour per user, the calculator pages included. action: ${HISTORY_ACTIONS.join(" or ")}.`,
    access: "signed-in",
    body: jsonBody(historyEntrySchema()),
    answers: {
      201: { description: "Saved, as stored.", body: historyEntryViewSchema },
      400: refused("The action is unknown or meta breaks a rule (the first one's message)."),
      429: tooMany("Too many calculations this hour.", ["tooManyRequests"]),
    },
  },
  {
    method: "delete",
    path: "/api/history/{id}",
    operationId: "deleteCalculation",
    tag: "History",
    summary: "Delete one of my calculations",
    access: "signed-in",
    params: idParams,
    answers: {
      200: { description: "Deleted.", body: successSchema },
      404: refused("No such record of yours (another user's answers the same)."),
    },
  },
  {
    method: "get",
    path: "/api/history/summary",
    operationId: "historySummary",
    tag: "History",
    summary: "My dashboard's figures",
    description: "Days are calendar days in Paris time; only finished sessions count.",
    access: "signed-in",
    answers: { 200: { description: "The figures; null where there is no data.", body: historySummarySchema } },
  },
  // ------------------------------------------------------------ workouts
  {
    method: "get",
    path: "/api/workouts/sessions",
    operationId: "listWorkoutSessions",
    tag: "Workouts",
    summary: "My workout sessions, newest first by start",
    description: `A page of ${WORKOUT_SESSION_PAGE_SIZE} at most; the Link header gives the next one.`,
    access: "signed-in",
    query: workoutSessionsQuerySchema,
    answers: {
      200: {
        description: "A page of sessions; with points=week, {items, points}.",
        body: z.union([
          z.array(workoutSessionViewSchema).max(WORKOUT_SESSION_PAGE_SIZE),
          workoutSessionsWithPointsSchema,
        ]),
        headers: { Link: NEXT_PAGE_LINK },
      },
      400: refused("points, limit or before is not valid."),
    },
  },
  {
    method: "post",
    path: "/api/workouts/sessions",
    operationId: "saveWorkoutSession",
    tag: "Workouts",
    summary: "Save a finished session",
    description:
      "The server builds the entries, calories and duration again from the sets and never keeps a client's figures. " +
      "Each finish carries an idempotency key (this header, or the body's idempotencyKey): a second copy answers 200 with the first session's id and saves nothing. " +
      `${SESSION_SAVE_LIMIT.points} new sessions an hour per user.`,
    access: "signed-in",
    headers: idempotencyHeadersSchema,
    body: { schema: sessionPayloadSchema, limitBytes: SESSION_BODY_LIMIT_BYTES, required: true },
    answers: {
      201: { description: "Saved.", body: savedSessionAnswerSchema },
      200: { description: "A second copy of a finish already saved: nothing new.", body: savedSessionAnswerSchema },
      400: refused(
        "A value breaks its rule (its path first: entries[2].sets[0].reps …), the dates disagree, or no set holds a value (NO_VALID_ENTRIES).",
        ["NO_VALID_ENTRIES"],
      ),
      429: tooMany("Too many new sessions this hour.", ["tooManyRequests"]),
    },
  },
  {
    method: "delete",
    path: "/api/workouts/sessions/{id}",
    operationId: "deleteWorkoutSession",
    tag: "Workouts",
    summary: "Delete one of my sessions",
    description:
      "The dashboard's figures, the exercises' history and the personal records follow (records are folded again from the sessions left).",
    access: "signed-in",
    params: idParams,
    answers: {
      200: { description: "Deleted.", body: successSchema },
      404: refused("No such session of yours (another user's answers the same)."),
    },
  },
  // ------------------------------------------------------------ a lifter's memory
  {
    method: "get",
    path: "/api/exercises/{id}/history",
    operationId: "exerciseHistory",
    tag: "Progress",
    summary: "My records on one exercise and the sessions that hold it, newest first",
    description:
      `A page of ${EXERCISE_HISTORY_PAGE_SIZE} sessions at most; the Link header gives the next one. ` +
      "Records are kept as sessions are saved: heaviest set, best estimated one-rep max (Epley, 1 to 12 reps), best session volume, most reps without load, longest duration and distance; a figure never reached is null.",
    access: "signed-in",
    params: z.object({ id: z.string().meta({ description: "An exercise id of the catalogue (/data/exo/*.json)." }) }),
    query: exerciseHistoryQuerySchema,
    answers: {
      200: {
        description: "The records and a page of sessions.",
        body: exerciseHistoryResponseSchema,
        headers: { Link: NEXT_PAGE_LINK },
      },
      400: refused("limit or before is not valid.", ["INVALID_QUERY"]),
      404: refused("The catalogue has no exercise of this id.", ["UNKNOWN_EXERCISE"]),
    },
  },
  {
    method: "get",
    path: "/api/records",
    operationId: "listRecords",
    tag: "Progress",
    summary: "My personal records, one entry per exercise I logged, most logged first",
    access: "signed-in",
    answers: { 200: { description: "The records; a figure never reached is null.", body: recordsResponseSchema } },
  },
  // ------------------------------------------------------------ routines
  {
    method: "get",
    path: "/api/routines",
    operationId: "listRoutines",
    tag: "Routines",
    summary: "My routines, most recently made, changed or run first",
    description: `${ROUTINE_LIMITS.perUser} at most, all of them whole (no paging).`,
    access: "signed-in",
    answers: { 200: { description: "The routines.", body: routinesResponseSchema } },
  },
  {
    method: "post",
    path: "/api/routines",
    operationId: "createRoutine",
    tag: "Routines",
    summary: "Save a routine",
    description:
      `A name (1 to ${ROUTINE_LIMITS.nameLength} characters) and 1 to ${ROUTINE_LIMITS.exercises} exercises of the catalogue in their order, ` +
      `each with its mode and up to ${ROUTINE_LIMITS.targetsPerExercise} targets (reps and weight, or a duration for endurance). ` +
      `${ROUTINE_LIMITS.perUser} routines per user. A refusal saves nothing.`,
    access: "signed-in",
    body: jsonBody(routineBodySchema),
    answers: {
      201: {
        description: "Saved.",
        body: routineResponseSchema,
        headers: {
          Location: { description: "The routine's address.", schema: { type: "string" }, required: true },
        },
      },
      400: refused("A rule of the routine refused (its code says which), or the 51st routine.", ROUTINE_CODES_400),
    },
  },
  {
    method: "get",
    path: "/api/routines/{id}",
    operationId: "getRoutine",
    tag: "Routines",
    summary: "One of my routines",
    access: "signed-in",
    params: idParams,
    answers: {
      200: { description: "The routine.", body: routineResponseSchema },
      404: refused("No such routine of yours (another user's answers the same, never 403).", ["ROUTINE_NOT_FOUND"]),
    },
  },
  {
    method: "put",
    path: "/api/routines/{id}",
    operationId: "updateRoutine",
    tag: "Routines",
    summary: "Replace one of my routines' name and exercises",
    description: "The body of a new routine. A refusal changes nothing.",
    access: "signed-in",
    params: idParams,
    body: jsonBody(routineBodySchema),
    answers: {
      200: { description: "Saved.", body: routineResponseSchema },
      400: refused("A rule of the routine refused (its code says which).", ROUTINE_CODES_400),
      404: refused("No such routine of yours (another user's answers the same, whatever the body).", [
        "ROUTINE_NOT_FOUND",
      ]),
    },
  },
  {
    method: "delete",
    path: "/api/routines/{id}",
    operationId: "deleteRoutine",
    tag: "Routines",
    summary: "Delete one of my routines",
    access: "signed-in",
    params: idParams,
    answers: {
      204: { description: "Deleted." },
      404: refused("No such routine of yours (another user's answers the same).", ["ROUTINE_NOT_FOUND"]),
    },
  },
  // ------------------------------------------------------------ profile photo
  {
    method: "post",
    path: "/api/upload/profile-photo",
    operationId: "uploadProfilePhoto",
    tag: "My account",
    summary: "Set my profile photo",
    description: `JPG, PNG, GIF or WEBP, ${PHOTO_MAX_BYTES / 1024 / 1024} MB at most, 50 million pixels at most; the type is read from the bytes. Stored cropped to a 512 px square, as WebP without metadata.`,
    access: "signed-in",
    body: {
      schema: photoUploadBodySchema,
      mediaType: "multipart/form-data",
      limitBytes: PHOTO_BODY_LIMIT_BYTES,
      required: true,
    },
    answers: {
      200: { description: "Stored.", body: photoUploadedAnswerSchema },
      400: { description: "No photo, or one that cannot be read.", body: photoRefusedAnswerSchema },
      413: { description: "Over 5 MB (in the route's own words).", body: photoRefusedAnswerSchema },
      415: { description: "Not a JPG, PNG, GIF or WEBP.", body: photoRefusedAnswerSchema },
    },
  },
  {
    method: "delete",
    path: "/api/upload/profile-photo",
    operationId: "deleteProfilePhoto",
    tag: "My account",
    summary: "Remove my profile photo",
    access: "signed-in",
    answers: { 200: { description: "Removed (or there was none).", body: photoDeletedAnswerSchema } },
  },
  // ------------------------------------------------------------ reviews
  {
    method: "get",
    path: "/api/reviews/users",
    operationId: "listReviews",
    tag: "Reviews",
    summary: "Published reviews, newest first",
    description: `The ${REVIEW_LIST_LIMITS.approved} newest approved reviews.`,
    access: "public",
    answers: { 200: { description: "The reviews.", body: reviewListAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/reviews/users",
    operationId: "submitReview",
    tag: "Reviews",
    summary: "Leave a review",
    description: `Published once an admin approves it. The name comes from the account (a name in the body is ignored). ${REVIEW_RATE_LIMIT.points} an hour per user.`,
    access: "signed-in",
    body: jsonBody(reviewSchema),
    answers: {
      201: { description: "Received, waiting for moderation.", body: reviewAnswerSchema },
      400: refused("The rating or the comment breaks its rule."),
      429: tooMany("Too many reviews this hour."),
    },
  },
  {
    method: "get",
    path: "/api/reviews/users/all",
    operationId: "listReviewsForModeration",
    tag: "Admin",
    summary: "Every review, for moderation",
    description: `The ${REVIEW_LIST_LIMITS.moderation} newest, approved or not.`,
    access: "admin",
    answers: { 200: { description: "The reviews.", body: moderationListAnswerSchema } },
  },
  {
    method: "put",
    path: "/api/reviews/users/{id}/approve",
    operationId: "approveReview",
    tag: "Admin",
    summary: "Publish a review",
    access: "admin",
    params: idParams,
    answers: {
      200: { description: "Approved.", body: approvedReviewAnswerSchema },
      404: refused("No such review."),
    },
  },
  {
    method: "delete",
    path: "/api/reviews/users/{id}",
    operationId: "deleteReview",
    tag: "Admin",
    summary: "Delete a review",
    access: "admin",
    params: idParams,
    answers: {
      200: { description: "Deleted.", body: successMessageSchema },
      404: refused("No such review."),
    },
  },
  // ------------------------------------------------------------ newsletter
  {
    method: "post",
    path: "/api/newsletter/subscribe",
    operationId: "subscribeToNewsletter",
    tag: "Newsletter",
    summary: "Subscribe an address",
    description: `Double opt-in: a confirmation mail goes to a new or pending address; the same answer whatever the address's state. ${NEWSLETTER_RATE_LIMITS.perClient.points} requests per client address in ${minutes(NEWSLETTER_RATE_LIMITS.perClient.windowSeconds)}.`,
    access: "public",
    body: jsonBody(newsletterSubscribeBodySchema),
    answers: {
      200: { description: "Check the mailbox.", body: successMessageSchema },
      400: refused("Not an e-mail address."),
      429: tooMany("Too many requests from this address."),
    },
  },
  {
    method: "post",
    path: "/api/newsletter/unsubscribe",
    operationId: "unsubscribeFromNewsletter",
    tag: "Newsletter",
    summary: "Unsubscribe with a newsletter's link",
    description:
      "The List-Unsubscribe target (RFC 8058): mail clients post `List-Unsubscribe=One-Click` to the link; JSON clients may send {token}. No account needed; the same answer for a token already spent.",
    access: "public",
    query: newsletterUnsubscribeQuerySchema,
    body: {
      schema: newsletterUnsubscribeBodySchema,
      alsoAccepts: {
        "application/x-www-form-urlencoded": z.object({ "List-Unsubscribe": z.literal("One-Click") }),
      },
      limitBytes: JSON_BODY_LIMIT_BYTES,
      required: false,
    },
    answers: {
      200: { description: "Unsubscribed (or already).", body: successMessageSchema },
      400: refused("No token."),
    },
  },
  {
    method: "get",
    path: "/api/newsletter-admin",
    operationId: "listNewsletters",
    tag: "Admin",
    summary: "Newsletters, newest first",
    access: "admin",
    answers: { 200: { description: "The newsletters.", body: newsletterListAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/newsletter-admin",
    operationId: "createNewsletter",
    tag: "Admin",
    summary: "Write a newsletter",
    description: "The HTML is sanitized before it is stored; a scheduled one goes out within a minute of its date.",
    access: "admin",
    body: jsonBody(newsletterSchema),
    answers: {
      201: { description: "Created.", body: newsletterChangedAnswerSchema },
      400: refused("A field breaks its rule, or nothing visible is left once sanitized."),
    },
  },
  {
    method: "get",
    path: "/api/newsletter-admin/{id}",
    operationId: "getNewsletter",
    tag: "Admin",
    summary: "One newsletter",
    access: "admin",
    params: idParams,
    answers: {
      200: { description: "The newsletter.", body: newsletterAnswerSchema },
      404: refused("No such newsletter."),
    },
  },
  {
    method: "put",
    path: "/api/newsletter-admin/{id}",
    operationId: "updateNewsletter",
    tag: "Admin",
    summary: "Change a newsletter",
    access: "admin",
    params: idParams,
    body: jsonBody(newsletterSchema),
    answers: {
      200: { description: "Changed.", body: newsletterChangedAnswerSchema },
      400: refused("A field breaks its rule."),
      404: refused("No such newsletter."),
      409: refused("It is sending or sent: it can no longer change."),
    },
  },
  {
    method: "delete",
    path: "/api/newsletter-admin/{id}",
    operationId: "deleteNewsletter",
    tag: "Admin",
    summary: "Delete a newsletter",
    access: "admin",
    params: idParams,
    answers: {
      200: { description: "Deleted.", body: successMessageSchema },
      404: refused("No such newsletter."),
      409: refused("It is sending or sent: it can no longer be deleted."),
    },
  },
  // ------------------------------------------------------------ contact
  {
    method: "post",
    path: "/api/contact",
    operationId: "sendContactMessage",
    tag: "Contact",
    summary: "Write to the team",
    description: `${CONTACT_RATE_LIMIT.points} messages per client address in ${minutes(CONTACT_RATE_LIMIT.windowSeconds)}.`,
    access: "public",
    body: jsonBody(contactSchema),
    answers: {
      201: { description: "Sent.", body: successMessageSchema },
      400: refused("A field breaks its rule (the first one's message, in the form's order)."),
      429: tooMany("Too many messages from this address."),
      500: refused("The message could not be kept: try again."),
    },
  },
  // ------------------------------------------------------------ this document
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getApiDescription",
    tag: "Documentation",
    summary: "This document",
    access: "public",
    answers: {
      200: {
        description: "The OpenAPI 3.1 description of every call.",
        media: { "application/json": { schema: { type: "object" } } },
      },
    },
  },
  {
    method: "get",
    path: "/api/docs",
    operationId: "getApiDocs",
    tag: "Documentation",
    summary: "This document as a page to read",
    access: "public",
    answers: { 200: { description: "An HTML page.", media: { "text/html": { schema: { type: "string" } } } } },
  },
];
