import { type LoginInput, loginSchema } from '@domain/accounts/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Redirect, useSearchParams } from 'wouter';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { FieldError, FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { usePostedForm } from '@/lib/posted-form';
import { registerUrl } from '@/lib/sign-in';
import { useAuth } from './AuthProvider';
import { DemoAccounts } from './components/DemoAccounts';
import { addsToCart, safeRedirect, useDismissToastsOnOpen } from './redirect';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const { user, loginMutation } = useAuth();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  useDismissToastsOnOpen();
  // Sent as a plain form before the page was adopted (or without JavaScript) and refused: the server rendered the
  // form again with its messages and the username typed (POST /login, docs/decisions/0033-before-adoption.md).
  const posted = usePostedForm('/login');
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: posted?.values.username ?? '', password: '' },
  });
  const { errors } = form.formState;
  // The server's messages stand until the form is sent again from here.
  const shownPost = form.formState.submitCount === 0 ? posted : null;

  // Signed in (already, or just now): go to the redirect target.
  if (user) return <Redirect to={target} replace />;

  // Both fields share one rule and one message: show it once.
  const formError = errors.username?.message ?? errors.password?.message ?? shownPost?.fieldErrors.username;
  const refusal = shownPost?.message;
  const onSubmit = form.handleSubmit((values) => loginMutation.mutate(values));
  const fillAccount = (account: LoginInput) => {
    form.setValue('username', account.username, { shouldValidate: form.formState.isSubmitted });
    form.setValue('password', account.password, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <div className="mx-auto grid max-w-md gap-6 px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-3xl">
            Sign in
          </CardTitle>
          <CardDescription>
            {addsToCart(target)
              ? 'Sign in, or create an account, and the plant goes into your cart.'
              : 'Sign in to buy and sell dragon fruit plants.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            method="post"
            noValidate
            onSubmit={onSubmit}
            className="grid gap-5"
            aria-describedby="login-hint"
          >
            <p id="login-hint" className="text-xs text-muted-foreground">
              Fields marked <span aria-hidden="true">*</span>
              <span className="sr-only">with an asterisk</span> are required.
            </p>
            <FormField id="login-username" label="Username" required>
              <Input
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={errors.username || shownPost?.fieldErrors.username ? true : undefined}
                aria-describedby={
                  errors.username || shownPost?.fieldErrors.username ? 'login-error' : undefined
                }
                // In the HTML too: react-hook-form fills its fields only once the page is adopted.
                defaultValue={posted?.values.username}
                {...form.register('username')}
              />
            </FormField>
            <FormField id="login-password" label="Password" required>
              <Input
                type="password"
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'login-error' : undefined}
                {...form.register('password')}
              />
            </FormField>
            {formError && <FieldError id="login-error">{formError}</FieldError>}
            {refusal && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {refusal.title}: {refusal.description}
              </p>
            )}
            <Button type="submit" size="lg" className="w-full" disabled={loginMutation.isPending}>
              {loginMutation.isPending ? 'Signing in...' : 'Sign in'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            New to the marketplace?{' '}
            <Link
              href={registerUrl(target)}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Create an account
            </Link>
          </p>
        </CardContent>
      </Card>
      <DemoAccounts onUse={fillAccount} />
    </div>
  );
}
