/** A pending purchase's message once its deadline passed without an answer: our team has taken it up. */
export const ESCALATED_MESSAGE =
  'This is taking longer than it should. Our team is checking it with the provider now. You will get it, or your money back.';
