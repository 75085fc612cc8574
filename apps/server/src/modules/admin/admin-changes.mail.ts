import { PRODUCT_NAME } from '@quickvend/shared/services';

/** A change of an admin's account that a second admin must approve. */
export type AdminChange = 'demote' | 'suspend' | 'restore' | 'delete' | 'email';

type Mail = { to: string; subject: string; text: string };
type Person = { name: string; email: string };

function whatOf(change: AdminChange, newEmail?: string): string {
  switch (change) {
    case 'demote':
      return 'demote your admin account to an ordinary user';
    case 'suspend':
      return 'suspend your admin account';
    case 'restore':
      return 'restore your suspended admin account';
    case 'delete':
      return 'delete your admin account';
    case 'email':
      return `change the email of your admin account to ${newEmail ?? 'a new address'}`;
  }
}

const NOT_EXPECTED = `If you did not expect this, speak to the other admins of ${PRODUCT_NAME} at once.`;

/** To the admin concerned, when another admin asks: nothing has changed yet. */
export function adminChangeAskedMail(
  target: Person,
  change: AdminChange,
  asker: Person,
  reason: string,
  newEmail?: string,
): Mail {
  return {
    to: target.email,
    subject: `An admin asked to ${whatOf(change, newEmail)}`,
    text:
      `Hello ${target.name},\n\n${asker.name} (${asker.email}) asked to ${whatOf(change, newEmail)} on ${PRODUCT_NAME}. ` +
      `Reason given: ${reason}\n\nNothing changes unless a second admin approves it. ${NOT_EXPECTED}`,
  };
}

/** To the admin concerned, once a second admin has approved and it is done. */
export function adminChangeDoneMail(
  target: Person,
  change: AdminChange,
  approver: Person,
  newEmail?: string,
): Mail {
  const done =
    change === 'email'
      ? `We sent a confirmation link to ${newEmail ?? 'the new address'}: your email changes only when it is opened.`
      : 'It is done.';
  return {
    to: target.email,
    subject: `A second admin approved: ${whatOf(change, newEmail)}`,
    text:
      `Hello ${target.name},\n\n${approver.name} (${approver.email}) approved the request to ${whatOf(change, newEmail)} on ${PRODUCT_NAME}. ` +
      `${done}\n\n${NOT_EXPECTED}`,
  };
}
