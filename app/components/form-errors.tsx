/** Errors that belong to a whole form (bot check, rate limit, wrong password), shown above its button. */
import { ErrorList, type ListOfErrors } from "./forms";

export function FormErrors({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  if (!errors?.filter(Boolean).length) return null;
  return (
    <div className="form-errors" role="alert">
      <ErrorList id={id} errors={errors} />
    </div>
  );
}
