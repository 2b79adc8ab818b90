import { catalog } from './catalog.ts';
/**
 * What the server says on the promotion landing's calls (issue 10): refusals of the captcha, the phone,
 * the SMS code and the registration, and their limits. The landing page's own words are in
 * promotion.ts. The `en` side is the reference shape; `id` has the same keys.
 */
export const registration = catalog({
  en: {
    refusals: {
      template: 'This offer link is not valid any more.',
      captcha: 'Please enter the picture code correctly. Here is a new one.',
      phone: {
        IN: 'Please enter a valid 10-digit Indian mobile number.',
        ID: 'Please enter a valid Indonesian mobile number starting with 08.',
      },
      tooSoon: 'A code was just sent. Please do not request another one yet.',
      tooMany: 'Too many codes were sent to this number. Please try again in an hour.',
      paused: 'We cannot send codes right now. Please try again later.',
      wrongCode: 'The SMS code is not correct. Please check it and try again.',
      expiredCode: 'This SMS code has expired. Please request a new one.',
      lockedCode: 'Too many wrong codes. Please wait an hour, then request a new one.',
      registered: 'This number is already registered. Please download the app and sign in.',
    },
    sent: 'The code has been sent to your phone.',
    done: 'Registered successfully.',
    loginSent: 'If this number has an account, a sign-in code is on its way.',
    voiceSent: 'We are calling your phone now to read out the code.',
    loginVoiceSent: 'If this number has an account, we are calling it now to read out a sign-in code.',
    // What reaches the phone. A call reads `digits` (the code, one digit at a time) twice.
    codes: {
      sms: {
        register:
          '{{app}}: {{code}} is your registration code. It expires in 5 minutes. Never share it with anyone.',
        login: '{{app}}: {{code}} is your sign-in code. It expires in 5 minutes. Never share it with anyone.',
      },
      voice: {
        register:
          'This is {{app}}. Your registration code is {{digits}}. Again, your code is {{digits}}. Never share it with anyone.',
        login:
          'This is {{app}}. Your sign-in code is {{digits}}. Again, your code is {{digits}}. Never share it with anyone.',
      },
    },
  },
  id: {
    refusals: {
      template: 'Tautan penawaran ini sudah tidak berlaku.',
      captcha: 'Silakan masukkan kode gambar dengan benar. Ini kode yang baru.',
      phone: {
        IN: 'Silakan masukkan nomor ponsel India 10 digit yang valid.',
        ID: 'Silakan masukkan nomor ponsel Indonesia yang valid, diawali 08.',
      },
      tooSoon: 'Kode baru saja dikirim. Mohon jangan meminta kode lagi dulu.',
      tooMany: 'Terlalu banyak kode dikirim ke nomor ini. Silakan coba lagi dalam satu jam.',
      paused: 'Kami tidak dapat mengirim kode saat ini. Silakan coba lagi nanti.',
      wrongCode: 'Kode SMS tidak benar. Silakan periksa lalu coba lagi.',
      expiredCode: 'Kode SMS ini sudah kedaluwarsa. Silakan minta kode baru.',
      lockedCode: 'Terlalu banyak kode yang salah. Silakan tunggu satu jam, lalu minta kode baru.',
      registered: 'Nomor ini sudah terdaftar. Silakan unduh aplikasi dan masuk.',
    },
    sent: 'Kode telah dikirim ke ponsel Anda.',
    done: 'Pendaftaran berhasil.',
    loginSent: 'Jika nomor ini memiliki akun, kode masuk sedang dikirim.',
    voiceSent: 'Kami sedang menelepon ponsel Anda untuk membacakan kode.',
    loginVoiceSent: 'Jika nomor ini memiliki akun, kami sedang meneleponnya untuk membacakan kode masuk.',
    codes: {
      sms: {
        register:
          '{{app}}: {{code}} adalah kode pendaftaran Anda. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.',
        login:
          '{{app}}: {{code}} adalah kode masuk Anda. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.',
      },
      voice: {
        register:
          'Ini {{app}}. Kode pendaftaran Anda adalah {{digits}}. Sekali lagi, kode Anda adalah {{digits}}. Jangan berikan kode ini kepada siapa pun.',
        login:
          'Ini {{app}}. Kode masuk Anda adalah {{digits}}. Sekali lagi, kode Anda adalah {{digits}}. Jangan berikan kode ini kepada siapa pun.',
      },
    },
  },
});
