import { type Language } from '@shop/contract';
import { renderMail, type MailBody } from './layout.js';

/**
 * Account mails (signup code, reset link, password-changed notice) in English and Bulgarian. A
 * subject never holds a code or a link: subjects are logged (the outbox) and shown in lists.
 */

export function signupCodeMail(lang: Language, name: string, code: string, minutes: number): MailBody {
  const texts = {
    en: {
      subject: 'Your Atelier Noir verification code',
      preheader: `Enter ${code} to verify your email.`,
      heading: `Welcome, ${name}`,
      intro: ['Enter this code on the verification page to finish creating your account:'],
      outro: [
        `The code is valid for ${minutes} minutes and can be used once.`,
        'If you did not sign up at Atelier Noir, you can ignore this mail: no account is activated without the code.',
      ],
    },
    bg: {
      subject: 'Вашият код за потвърждение в Atelier Noir',
      preheader: `Въведете ${code}, за да потвърдите имейла си.`,
      heading: `Добре дошли, ${name}`,
      intro: ['Въведете този код на страницата за потвърждение, за да завършите регистрацията си:'],
      outro: [
        `Кодът е валиден ${minutes} минути и може да се използва веднъж.`,
        'Ако не сте се регистрирали в Atelier Noir, просто игнорирайте това писмо: без кода профилът не се активира.',
      ],
    },
  }[lang];
  return renderMail({ lang, ...texts, highlight: { kind: 'code', value: code } });
}

export function resetLinkMail(lang: Language, name: string, url: string, minutes: number): MailBody {
  const texts = {
    en: {
      subject: 'Reset your Atelier Noir password',
      preheader: 'A link to choose a new password.',
      heading: `Hello, ${name}`,
      intro: ['We received a request to reset the password of your Atelier Noir account. Choose a new one here:'],
      label: 'Set a new password',
      outro: [
        `The link is valid for ${minutes} minutes and works once. Setting a new password signs you out on every device.`,
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ],
    },
    bg: {
      subject: 'Смяна на паролата за Atelier Noir',
      preheader: 'Връзка за избор на нова парола.',
      heading: `Здравейте, ${name}`,
      intro: ['Получихме заявка за смяна на паролата на вашия профил в Atelier Noir. Изберете нова парола тук:'],
      label: 'Задайте нова парола',
      outro: [
        `Връзката е валидна ${minutes} минути и работи веднъж. Новата парола ви изписва от всички устройства.`,
        'Ако не сте поискали това, игнорирайте писмото: паролата ви остава непроменена.',
      ],
    },
  }[lang];
  const { label, ...rest } = texts;
  return renderMail({ lang, ...rest, highlight: { kind: 'link', label, url } });
}

export function passwordChangedMail(lang: Language, name: string, loginUrl: string): MailBody {
  const texts = {
    en: {
      subject: 'Your Atelier Noir password was changed',
      preheader: 'Your password has just been changed.',
      heading: `Hello, ${name}`,
      intro: ['The password of your Atelier Noir account has just been changed, and every device was signed out.'],
      label: 'Log in',
      outro: ['If this was not you, reset your password at once from the login page and contact us.'],
    },
    bg: {
      subject: 'Паролата ви за Atelier Noir беше сменена',
      preheader: 'Паролата ви току-що беше сменена.',
      heading: `Здравейте, ${name}`,
      intro: ['Паролата на вашия профил в Atelier Noir току-що беше сменена и всички устройства бяха изписани.'],
      label: 'Вход',
      outro: ['Ако това не сте били вие, веднага сменете паролата си от страницата за вход и се свържете с нас.'],
    },
  }[lang];
  const { label, ...rest } = texts;
  return renderMail({ lang, ...rest, highlight: { kind: 'link', label, url: loginUrl } });
}

export function accountDeletedMail(lang: Language, name: string): MailBody {
  const texts = {
    en: {
      subject: 'Your Atelier Noir account was deleted',
      preheader: 'Your account and its personal data are gone.',
      heading: `Goodbye, ${name}`,
      intro: [
        'Your Atelier Noir account was deleted as you asked: your profile, sessions, cart, wishlist, stock alerts and pictures are gone.',
      ],
      outro: [
        'We keep your orders for 10 years because accounting law requires it; they are no longer linked to an account.',
        'If this was not you, contact us at once.',
      ],
    },
    bg: {
      subject: 'Профилът ви в Atelier Noir беше изтрит',
      preheader: 'Профилът ви и личните ви данни са изтрити.',
      heading: `Довиждане, ${name}`,
      intro: [
        'Профилът ви в Atelier Noir беше изтрит по ваше желание: данните ви, сесиите, количката, любимите, известията за наличност и снимките са изтрити.',
      ],
      outro: [
        'Пазим поръчките ви 10 години, защото законът за счетоводството го изисква; те вече не са свързани с профил.',
        'Ако това не сте били вие, свържете се с нас веднага.',
      ],
    },
  }[lang];
  return renderMail({ lang, ...texts });
}
