export type StepListProps = {
  steps: readonly { title: string; text: string }[];
  /** extra class, e.g. `landing__steps--principles` */
  className?: string;
};

/** Numbered cards of a public page: how it works, the referral steps, the principles. */
export const StepList = ({ steps, className }: StepListProps) => (
  <ol className={className ? `landing__steps ${className}` : 'landing__steps'}>
    {steps.map((step) => (
      <li key={step.title} className="landing__step">
        <h3>{step.title}</h3>
        <p>{step.text}</p>
      </li>
    ))}
  </ol>
);
