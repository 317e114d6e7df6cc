import { composeMail } from '../../lib/mail.js';

type Recipient = { username: string; email: string };

export const activationMail = (user: Recipient, siteTitle: string, url: string) =>
  composeMail({
    to: user.email,
    siteTitle,
    subject: 'Activate your account',
    paragraphs: [
      `Hello ${user.username},`,
      `Thank you for registering at ${siteTitle}. Open the link below to activate your account. The link works once and expires in 3 days.`,
    ],
    link: { label: 'Activate your account', url },
  });

export const passwordResetMail = (user: Recipient, siteTitle: string, url: string) =>
  composeMail({
    to: user.email,
    siteTitle,
    subject: 'Reset your password',
    paragraphs: [
      `Hello ${user.username},`,
      'Somebody (hopefully you) asked to reset the password of your account. Open the link below to choose a new one. The link works once and expires in 3 days.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    link: { label: 'Choose a new password', url },
  });
