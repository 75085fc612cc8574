/** POST /api/sms/send: one message to one number. */
export type TermiiSendRequest = {
  api_key: string;
  /** international form without +: 2348031234567 */
  to: string;
  /** the approved sender ID */
  from: string;
  sms: string;
  type: 'plain';
  channel: 'dnd' | 'generic';
};

/** Its answer: `code` is "ok" when the message was accepted. */
export type TermiiSendResponse = {
  code?: string;
  message_id?: string;
  message?: string;
  balance?: number | string;
  user?: string;
};
