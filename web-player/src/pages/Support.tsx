import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AiChatCard } from '../ai/AiChatCard';
import { TextField } from './auth';

const FAQ = [
  {
    q: 'How do I place a bet?',
    a: 'Open Home or Live, click the odds of the outcome you want (Home, Draw or Away) to add it to your bet slip, choose Single or Multi, enter your stake and press Place Bet. You need to be logged in and have enough balance in your wallet.',
  },
  {
    q: 'How do I deposit money?',
    a: 'Go to the Wallet page and press Deposit. Enter the amount in NGN (minimum 100) and you will be taken to our card payment provider, Flutterwave, to complete the payment securely. Your balance updates as soon as the payment is confirmed.',
  },
  {
    q: 'Is my personal data secure?',
    a: 'Yes. Your password is stored only as a strong one-way hash, all traffic is encrypted, card details are handled by the payment provider and never reach our servers, and we never share your personal data with third parties for marketing.',
  },
];

export default function Support() {
  const { register, handleSubmit, reset } = useForm({ defaultValues: { name: '', email: '', message: '' } });
  const [notice, setNotice] = useState<string | null>(null);
  const messageId = useId();

  const submit = () => {
    // The contact form is not connected to a support desk yet: nothing is sent anywhere.
    setNotice(
      'Thanks for reaching out. Online messages are not connected to our support desk yet, so this message was not sent.',
    );
    reset();
  };

  return (
    <section className="page">
      <h1>Support</h1>
      <AiChatCard />
      <div className="grid grid--2">
        <div className="card">
          <h2 className="card__title">Contact Us</h2>
          <form className="form" onSubmit={handleSubmit(submit)}>
            <TextField label="Name" autoComplete="name" {...register('name')} />
            <TextField label="Email" type="email" autoComplete="email" {...register('email')} />
            <div className="field">
              <label htmlFor={messageId}>Message</label>
              <textarea id={messageId} required {...register('message')} />
            </div>
            <button type="submit" className="btn btn--primary">
              Send Message
            </button>
            {notice && (
              <p className="alert alert--info" role="status">
                {notice}
              </p>
            )}
          </form>
        </div>
        <div className="card">
          <h2 className="card__title">Frequently Asked Questions</h2>
          <div className="faq">
            {FAQ.map((item) => (
              <details key={item.q} className="faq__item">
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
