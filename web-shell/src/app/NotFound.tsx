import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <section className="page page--narrow not-found">
      <h1>404 - Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link className="btn btn--primary" to="/">
        Go to Home
      </Link>
    </section>
  );
}
