import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ComedianList, ConfirmDeletePanel, DELETE_NOTE, StatusBanner } from "~/components/comedian-admin";
import {
  handleAddComedian,
  handleDeleteComedian,
  loadStaffComedians,
} from "~/features/comedians/comedian-actions.server";
import styles from "~/styles/comedians.css";
import { requireStaff } from "~/utils/auth.server";
import { readForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { requireSameOrigin } from "~/utils/request-guards.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [
  { title: "Manage comedians | Laugh Windsor" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadStaffComedians(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const form = await readForm(request, { limits: STAFF_FORM_LIMITS });
  if (form.get("intent") === "add") return handleAddComedian(request, staff, form, "/manage-comedians");
  if (form.get("intent") === "delete") return handleDeleteComedian(request, staff, form, "/manage-comedians");
  return json({ intent: "unknown" as const }, { status: 400 });
}

export default function ManageComedians() {
  const { comedians } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const addErrors = actionData && "fieldErrors" in actionData ? actionData : null;
  const [hydrated, setHydrated] = useState(false);
  const [name, setName] = useState(addErrors?.values.name ?? "");
  const [formKey, setFormKey] = useState(0);
  useEffect(() => setHydrated(true), []);
  // After a successful add (a redirect back here), start with an empty form.
  useEffect(() => {
    if (navigation.state === "idle" && !addErrors) {
      setName("");
      setFormKey((k) => k + 1);
    }
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section className="section container comedians">
      <header className="comedians__head">
        <h1>Manage comedians</h1>
        <Link to="/results" className="button button--outline button--small">
          Back to Results
        </Link>
      </header>
      <StatusBanner />
      {actionData && "confirm" in actionData ? (
        <ConfirmDeletePanel confirm={actionData.confirm} cancelTo="/manage-comedians" />
      ) : null}

      <div className="comedians__grid">
        <div className="panel">
          <h2>Add a comedian</h2>
          <Form method="post" key={formKey} noValidate>
            <input type="hidden" name="intent" value="add" />
            <div className="field">
              <label htmlFor="comedian-name">Name</label>
              <input
                id="comedian-name"
                name="name"
                type="text"
                required
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={addErrors?.fieldErrors.name ? true : undefined}
                aria-describedby={addErrors?.fieldErrors.name ? "name-error" : undefined}
              />
              {addErrors?.fieldErrors.name ? (
                <p className="field__error" id="name-error" role="alert">
                  {addErrors.fieldErrors.name}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="comedian-bio">Bio (optional)</label>
              <textarea
                id="comedian-bio"
                name="bio"
                maxLength={500}
                defaultValue={addErrors?.values.bio ?? ""}
              />
              {addErrors?.fieldErrors.bio ? (
                <p className="field__error" role="alert">
                  {addErrors.fieldErrors.bio}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              className="button button--primary"
              disabled={adding || (hydrated && !name.trim())}
            >
              {adding ? "Adding..." : "Add Comedian"}
            </button>
          </Form>
        </div>
        <div>
          <h2>Comedians</h2>
          <p className="comedians__note">{DELETE_NOTE}</p>
          <ComedianList comedians={comedians} />
        </div>
      </div>
    </section>
  );
}
