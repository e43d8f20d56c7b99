import { Button } from '@fantasy-cricket/ui';
import { landingMessages } from '@fantasy-cricket/rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hasPendingInvite } from '../../shared/returnTo';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { CricketIllustration } from './CricketIllustration';
import * as styles from './Landing.css';

function FeatureIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

const features: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Match Prediction',
    text: 'Call every fixture: the winner, the man of the match, the top run-scorer, the best bowler and more.',
    icon: (
      <FeatureIcon>
        <circle cx="12" cy="12" r="9" />
        <circle cx="12" cy="12" r="4" />
        <path d="M12 3v2M12 19v2M3 12h2M19 12h2" />
      </FeatureIcon>
    ),
  },
  {
    title: 'Player Selection',
    text: 'Build an XI by position (batsmen, bowlers, all-rounders and a wicketkeeper) and score with every run and wicket.',
    icon: (
      <FeatureIcon>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
        <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
      </FeatureIcon>
    ),
  },
  {
    title: 'Leaderboards',
    text: 'Private leagues with friends or public ones with everyone: climb the table fixture by fixture and claim the bragging rights.',
    icon: (
      <FeatureIcon>
        <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4z" />
        <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
      </FeatureIcon>
    ),
  },
];

/** The welcome page: who we are, and the two ways in. */
export function LandingPage() {
  useDocumentTitle(undefined);
  return (
    <div className={styles.landing}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={styles.heroText}>
          <span className={styles.eyebrow}>Fantasy cricket leagues</span>
          <h1 id="landing-title" className={styles.title}>
            {landingMessages.title}
          </h1>
          <p className={styles.tagline}>{landingMessages.tagline}</p>
          {hasPendingInvite() ? (
            <p className={styles.invite} role="status">
              You have an invite to a private league. Log in (or sign up first): the invite opens after you log in.
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button asChild size="lg" className={styles.action}>
              <Link to="/register">Sign Up</Link>
            </Button>
            <Button asChild size="lg" variant="secondary" className={styles.action}>
              <Link to="/login">Log In</Link>
            </Button>
          </div>
        </div>
        <CricketIllustration className={styles.illustration} />
      </section>

      <section aria-label="What you can play">
        <ul className={styles.features}>
          {features.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              <span className={styles.featureIcon}>{feature.icon}</span>
              <h2 className={styles.featureTitle}>{feature.title}</h2>
              <p className={styles.featureText}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
