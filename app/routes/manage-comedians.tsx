import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { IMAGE_ACCEPT } from "~/components/admin/image-field";
import { ComedianList, ConfirmDeletePanel, DELETE_NOTE, StatusBanner } from "~/components/comedian-admin";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { handleComedianPost, loadStaffComedians } from "~/features/comedians/comedian-actions.server";
import { ACCEPTED_IMAGE_LABEL } from "~/lib/image-sniff";
import { comedianSchema } from "~/lib/vote-schema";
import styles from "~/styles/comedians.css";
import { requireStaff } from "~/utils/auth.server";

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
  return handleComedianPost(request, staff, "/manage-comedians");
}

export default function ManageComedians() {
  const { comedians } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  // The add form's last refusal (400: its errors and values); the delete buttons answer a confirmation.
  const addResult =
    actionData && "status" in actionData && actionData.initialValue?.intent === "add" ? actionData : null;
  const [formKey, setFormKey] = useState(0);
  const [form, fields] = useForm({
    // A new id after each success (a redirect back here) starts an empty form.
    id: `add-comedian-${formKey}`,
    lastResult: navigation.state === "idle" ? addResult : null,
    constraint: getZodConstraint(comedianSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: comedianSchema }),
  });
  const [hydrated, setHydrated] = useState(false);
  // The spec: "Add Comedian" is disabled while the name is blank.
  const [blank, setBlank] = useState(!String(addResult?.initialValue?.name ?? "").trim());
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (navigation.state === "idle" && !addResult) {
      setBlank(true);
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
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="add" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <div className="field">
              <label htmlFor={fields.name.id}>Name</label>
              <input
                {...getInputProps(fields.name, { type: "text" })}
                onChange={(e) => setBlank(!e.target.value.trim())}
              />
              <FieldErrors id={fields.name.errorId} errors={fields.name.errors} alert />
            </div>
            <div className="field">
              <label htmlFor={fields.bio.id}>Bio (optional)</label>
              <textarea {...getTextareaProps(fields.bio)} />
              <FieldErrors id={fields.bio.errorId} errors={fields.bio.errors} alert />
            </div>
            <div className="field">
              <label htmlFor="add-comedian-headshot">Headshot (optional)</label>
              <input id="add-comedian-headshot" type="file" name="headshot" accept={IMAGE_ACCEPT} />
              <span className="field__hint">
                {ACCEPTED_IMAGE_LABEL}, at most 15 MB. Shown as a square; its focal point is set on the
                comedian&apos;s profile.
              </span>
            </div>
            <button type="submit" className="button button--primary" disabled={adding || (hydrated && blank)}>
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
