/** The mail identity sends: plain data, written by the templates below and sent by a provider. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function passwordResetMail(to: string, link: string, validMinutes: number): Mail {
  const hours =
    validMinutes % 60 === 0
      ? `${validMinutes / 60} hour${validMinutes === 60 ? '' : 's'}`
      : `${validMinutes} minutes`;
  return {
    to,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account.\n\nOpen this link to choose a new password (it works once, for ${hours}):\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for ${hours}).</p><p>If it was not you, ignore this email; your password stays as it is.</p>`,
  };
}

export function emailChangedMail(to: string, newEmail: string): Mail {
  return {
    to,
    subject: 'Your email address was changed',
    text: `The email address of your account was changed to ${newEmail}. If you did not do this, reset your password and contact support.`,
    html: `<p>The email address of your account was changed to <b>${escapeHtml(newEmail)}</b>.</p><p>If you did not do this, reset your password and contact support.</p>`,
  };
}

/** Someone tried to register with this address: the owner hears of it (docs/decisions/identity-005). */
export function registrationAttemptMail(to: string, resetUrl: string): Mail {
  return {
    to,
    subject: 'Someone tried to create an account with your email',
    text: `Someone tried to create a new account with this email address, which already has one. If it was you, sign in instead, or reset your password: ${resetUrl}\nIf it was not you, nothing changed and you can ignore this mail.`,
    html: `<p>Someone tried to create a new account with this email address, which already has one.</p><p>If it was you, sign in instead, or <a href="${escapeHtml(resetUrl)}">reset your password</a>.</p><p>If it was not you, nothing changed and you can ignore this mail.</p>`,
  };
}
