import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Redirect, useSearchParams } from 'wouter';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { usePostedForm } from '@/lib/posted-form';
import { loginUrl } from '@/lib/sign-in';
import { useAuth } from './AuthProvider';
import { RegisterFields } from './components/RegisterFields';
import { safeRedirect, useDismissToastsOnOpen } from './redirect';
import {
  REGISTER_DEFAULTS,
  type RegisterFormInput,
  type RegisterFormOutput,
  registerResolver,
  SERVER_FIELDS,
  toRegisterPayload,
} from './register-form';

type AccountType = 'buyer' | 'seller';

/** The sign-up page's address for a tab, keeping the path to come back to. */
function registerTabUrl(seller: boolean, redirect: string | null): string {
  const params = new URLSearchParams();
  if (seller) params.set('seller', 'true');
  if (redirect) params.set('redirect', redirect);
  const query = params.toString().replaceAll('%2F', '/');
  return query ? `/register?${query}` : '/register';
}

export function RegisterPage() {
  useDocumentTitle('Create an account');
  const { user, registerMutation } = useAuth();
  const [params] = useSearchParams();
  const sellerParam = params.get('seller') === 'true';
  const redirect = params.get('redirect');
  const target = redirect ? safeRedirect(redirect) : null;
  useDismissToastsOnOpen();
  // Sent as a plain form before the page was adopted (or without JavaScript) and refused: the server rendered the
  // form again with its messages and what was typed, never the passwords (POST /register, decision 0033).
  const posted = usePostedForm('/register');
  const [tab, setTab] = useState<AccountType>(sellerParam ? 'seller' : 'buyer');
  // ?seller=true preselects the seller tab, also when the link is followed from this page.
  useEffect(() => setTab(sellerParam ? 'seller' : 'buyer'), [sellerParam]);
  // Set on submit, so the redirect after success goes by account type rather than to /.
  const [registeredHere, setRegisteredHere] = useState(false);

  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: registerResolver,
    defaultValues: posted
      ? {
          ...REGISTER_DEFAULTS,
          username: posted.values.username ?? '',
          email: posted.values.email ?? '',
          businessName: posted.values.businessName ?? '',
          location: posted.values.location ?? '',
          bio: posted.values.bio ?? '',
          terms: posted.values.terms === 'on',
        }
      : REGISTER_DEFAULTS,
  });
  const shownPost = form.formState.submitCount === 0 ? posted : null;

  if (user) {
    // Just registered here: back where the visitor came from (the plant they were adding), else sellers to their
    // dashboard and buyers to the marketplace; otherwise home.
    const to = registeredHere
      ? (target ?? (user.isSeller ? '/seller/dashboard' : '/marketplace'))
      : (target ?? '/');
    return <Redirect to={to} replace />;
  }

  const isSeller = tab === 'seller';
  const onSubmit = form.handleSubmit((values) => {
    setRegisteredHere(true);
    registerMutation.mutate(toRegisterPayload(values, isSeller), {
      onError: (error) => {
        setRegisteredHere(false);
        applyServerFieldErrors(form, error, SERVER_FIELDS);
      },
    });
  });

  const pending = registerMutation.isPending;
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-3xl">
            Create an account
          </CardTitle>
          <CardDescription>Join the community to buy and sell dragon fruit plants.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => setTab(value === 'seller' ? 'seller' : 'buyer')}>
            {/* Each tab is a link to its own address too, so it works before the page is adopted. */}
            <TabsList aria-label="Account type" className="grid w-full grid-cols-2">
              <TabsTrigger value="buyer" asChild>
                <Link href={registerTabUrl(false, redirect)} replace>
                  Buyer Account
                </Link>
              </TabsTrigger>
              <TabsTrigger value="seller" asChild>
                <Link href={registerTabUrl(true, redirect)} replace>
                  Seller Account
                </Link>
              </TabsTrigger>
            </TabsList>
            {shownPost?.message && (
              <p role="alert" className="mt-4 text-sm font-medium text-destructive">
                {shownPost.message.title}: {shownPost.message.description}
              </p>
            )}
            {(['buyer', 'seller'] as const).map((type) => (
              <TabsContent key={type} value={type}>
                <p className="mb-5 text-sm text-muted-foreground">
                  {type === 'seller'
                    ? 'List your cuttings and plants, and manage your inventory from the seller dashboard.'
                    : 'Browse varieties from trusted growers, fill your cart and order.'}
                </p>
                <form method="post" noValidate onSubmit={onSubmit} className="grid gap-5">
                  <input type="hidden" name="accountType" value={type} />
                  <RegisterFields
                    form={form}
                    isSeller={type === 'seller'}
                    postedErrors={shownPost?.fieldErrors}
                  />
                  <Button type="submit" size="lg" className="w-full" disabled={pending}>
                    {pending ? 'Creating Account...' : 'Create Account'}
                  </Button>
                </form>
              </TabsContent>
            ))}
          </Tabs>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link
              href={target ? loginUrl(target) : '/login'}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
