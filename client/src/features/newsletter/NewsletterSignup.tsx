import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isApiError } from '@/lib/api';
import { usePostedForm } from '@/lib/posted-form';
import { useSubscribeNewsletter } from './api';
import { validNewsletterEmail } from './email';

/**
 * The newsletter signup (docs/product.md#validation, #errors; #real-features item 4): an invalid address gets
 * the "Invalid email" toast and no request; success toasts "Subscribed!" and clears the field.
 */
export function NewsletterSignup() {
  // Sent as a plain form (POST /newsletter) before the page was adopted, or without JavaScript: the server rendered
  // the page again with the message the browser would have toasted.
  const posted = usePostedForm('/');
  const [value, setValue] = useState(posted?.values.email ?? '');
  const [shownPost, setShownPost] = useState(posted);
  const subscribe = useSubscribeNewsletter();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShownPost(null);
    const email = validNewsletterEmail(value);
    if (!email) {
      toast({
        title: 'Invalid email',
        description: 'Please enter a valid email address',
        variant: 'destructive',
      });
      return;
    }
    subscribe.mutate(email, {
      onSuccess: () => {
        setValue('');
        toast({
          title: 'Subscribed!',
          description: "You've been successfully subscribed to our newsletter.",
        });
      },
      onError: (error) => {
        toast({
          title: isApiError(error, 400) ? 'Invalid email' : 'Subscription failed',
          description: errorMessage(error, 'Something went wrong. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <section aria-labelledby="newsletter-heading" className="rounded-2xl bg-soft-pink px-6 py-10 sm:px-10">
      <div className="mx-auto flex max-w-2xl flex-col items-center text-center">
        <Mail className="size-10 text-primary" aria-hidden="true" />
        <h2 id="newsletter-heading" className="mt-4 text-3xl">
          Get growing tips in your inbox
        </h2>
        <p className="mt-3 text-muted-foreground">
          Seasonal care reminders, new varieties and fresh cuttings from our growers, about once a month.
          Unsubscribe any time.
        </p>
        <form
          method="post"
          action="/newsletter"
          noValidate
          onSubmit={onSubmit}
          className="mt-6 flex w-full max-w-md flex-col gap-3 sm:flex-row"
        >
          <label htmlFor="newsletter-email" className="sr-only">
            Email address
          </label>
          <Input
            id="newsletter-email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className="h-11 bg-background"
          />
          <Button type="submit" size="lg" disabled={subscribe.isPending}>
            {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </form>
        {shownPost?.message && (
          <p role="status" className="mt-3 text-sm font-medium">
            {shownPost.message.title} {shownPost.message.description}
          </p>
        )}
      </div>
    </section>
  );
}
