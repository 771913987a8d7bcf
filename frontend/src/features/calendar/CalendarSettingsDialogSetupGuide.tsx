import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast-store';
import { CopyableValue } from './FeedAddress';
import { GOOGLE_CALENDAR_SCOPE, googleRedirectAddress } from './settings';

const STEPS = [
  {
    title: 'Create an OAuth client',
    body: 'In the Google Cloud Console, create a project (or pick one), enable the Google Calendar API, then under APIs & Services → Credentials create an OAuth client ID of type "Web application". Add the redirect address below as an authorised redirect URI. Put the client ID and secret in the server settings GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET and restart the server.',
  },
  {
    title: 'Configure the consent screen',
    body: 'Under OAuth consent screen, choose External, fill in the app name, support e-mail and this site as the home page, and add the calendar scope below.',
  },
  {
    title: 'Add test users',
    body: 'While the app is in Testing mode, only the Google accounts listed as test users can connect. Add the e-mail address of every staff member who will connect their calendar.',
  },
  {
    title: 'Test the connection',
    body: 'Close this guide, press Connect next to Google Calendar and sign in with a test user. You come back here with "Calendar Connected", and the dialog shows Google Calendar as Connected.',
  },
] as const;

/**
 * The Google Calendar setup guide (spec part 2, section 2.5): four steps walked through with Continue (the
 * counter runs 1 to 4, section 4), a summary, the redirect address and scope to copy, and the banner about
 * Google's invalid_request policy error.
 */
export function CalendarSettingsDialogSetupGuide({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState(1);
  const close = () => {
    setStep(1);
    onClose();
  };
  const complete = () => {
    toast({
      title: 'Setup Guide Complete',
      description: 'Press Connect next to Google Calendar to link your calendar.',
    });
    close();
  };
  const redirect = googleRedirectAddress(window.location.origin);

  return (
    <Dialog open={open} onClose={close} title="Google Calendar Setup Guide" wide>
      <div className="space-y-5">
        <div
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-semibold">"Error 400: invalid_request" when connecting?</p>
          <p className="mt-1">
            Google shows this when the app does not comply with its OAuth policies, most often because the
            consent screen is incomplete or the account is not a test user. Calendar access is a sensitive
            scope: before the app can leave Testing mode, Google requires verification, including a demo video
            showing how the app uses the calendar. Until then, only test users (step 3) can connect.
          </p>
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          <CopyableValue label="Redirect address" value={redirect} testId="redirect-address" />
          <CopyableValue label="Calendar scope" value={GOOGLE_CALENDAR_SCOPE} testId="calendar-scope" />
        </div>

        <ol aria-label="Setup steps" className="space-y-3">
          {STEPS.map((item, index) => {
            const number = index + 1;
            const current = number === step;
            const done = number < step;
            return (
              <li
                key={item.title}
                aria-current={current ? 'step' : undefined}
                className={`rounded-md border p-3 ${current ? 'border-blue-600 bg-blue-50' : 'border-slate-200'}`}
              >
                <h3 className="text-sm font-semibold text-slate-900">
                  Step {number}: {item.title}
                  {done && <span className="ml-2 font-normal text-green-800">(done)</span>}
                </h3>
                {current && (
                  <>
                    <p className="mt-1 text-sm text-slate-800">{item.body}</p>
                    {number < STEPS.length && (
                      <Button variant="outline" className="mt-2" onClick={() => setStep(number + 1)}>
                        Continue
                      </Button>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ol>

        <section
          aria-labelledby="setup-summary"
          className="rounded-md bg-slate-100 p-3 text-sm text-slate-800"
        >
          <h3 id="setup-summary" className="font-semibold text-slate-900">
            Summary
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            <li>An OAuth client (Web application) with the redirect address above.</li>
            <li>A consent screen with the calendar scope.</li>
            <li>Every connecting staff member listed as a test user.</li>
            <li>The client ID and secret in the server settings, then Connect.</li>
          </ul>
          <p className="mt-2">
            Outlook, Teams or Apple Calendar need none of this: they subscribe to your calendar address.
          </p>
        </section>

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Close Setup Guide
          </Button>
          <Button onClick={complete}>I've Completed Setup</Button>
        </div>
      </div>
    </Dialog>
  );
}
