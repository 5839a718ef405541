import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useBusinessToday } from "~/components/business-zone";
import { DialogHead } from "~/components/dialog-head";
import {
  AGE_CHOICES,
  filterParts,
  filtersToSearch,
  isFiltered,
  quickDateRanges,
  type ShowFilters,
} from "~/lib/filters";

/**
 * Search and Filter: a GET form (q, venue, from, to, tickets, age, clean). Without JavaScript it sits in a
 * disclosure; with it, the same form opens in a modal dialog. "Tonight", "This weekend" and "Next 7
 * days" are plain links on the page itself, under the count (issue 42, item 4), and a filtered list
 * names each part of its filter as a chip that removes just that part.
 */
export function FilterPanel({
  filters,
  venues,
  shown,
  total,
  action,
}: {
  filters: ShowFilters;
  venues: string[];
  shown: number;
  total: number;
  action: string;
}) {
  const [hydrated, setHydrated] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => setHydrated(true), []);
  const active = isFiltered(filters);
  const today = useBusinessToday();
  const parts = filterParts(filters, today);

  const form = (
    <Form
      method="get"
      action={action}
      preventScrollReset
      className="filter-form"
      onSubmit={() => dialog.current?.close()}
    >
      <div className="field">
        <label htmlFor="filter-q">Search</label>
        <input
          id="filter-q"
          type="search"
          name="q"
          defaultValue={filters.q}
          placeholder="Title, description or venue"
        />
      </div>
      <div className="field">
        <label htmlFor="filter-venue">Venue</label>
        <select id="filter-venue" name="venue" defaultValue={filters.venue}>
          <option value="">All Venues</option>
          {venues.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-form__dates">
        <div className="field">
          <label htmlFor="filter-from">From Date</label>
          <input id="filter-from" type="date" name="from" defaultValue={filters.from} />
        </div>
        <div className="field">
          <label htmlFor="filter-to">To Date</label>
          <input id="filter-to" type="date" name="to" defaultValue={filters.to} />
        </div>
      </div>
      <FilterCheckbox name="tickets" value="left" checked={filters.tickets === "left"}>
        Only shows with tickets left
      </FilterCheckbox>
      <div className="field">
        <label htmlFor="filter-age">Age</label>
        <select id="filter-age" name="age" defaultValue={filters.age}>
          <option value="">Any age limit</option>
          {AGE_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <FilterCheckbox name="clean" value="1" checked={filters.clean === "1"}>
        Only clean shows
      </FilterCheckbox>
      <div className="filter-form__actions">
        <Link
          to={`${action}#events`}
          preventScrollReset
          className="button button--outline"
          onClick={() => dialog.current?.close()}
        >
          Clear All
        </Link>
        <button type="submit" className="button button--primary">
          Apply Filters
        </button>
      </div>
    </Form>
  );

  return (
    <div className="filter-bar">
      <div className="filter-bar__status">
        <p className="filter-bar__count" role="status">
          Showing {shown} of {total} events
        </p>
        {active ? (
          <span className="filter-bar__badge">
            <span className="badge badge--series">Filtered</span>
            <Link
              to={`${action}#events`}
              preventScrollReset
              className="filter-bar__clear"
              aria-label="Clear filters"
            >
              ×
            </Link>
          </span>
        ) : null}
      </div>
      {hydrated ? (
        <>
          <button type="button" className="button button--dark" onClick={() => dialog.current?.showModal()}>
            Search and Filter
          </button>
          <dialog ref={dialog} className="filter-dialog" aria-labelledby="filter-dialog-title">
            <DialogHead
              title="Search and Filter"
              titleId="filter-dialog-title"
              className="filter-dialog__head"
            />
            {form}
          </dialog>
        </>
      ) : (
        <details className="filter-details" open={active}>
          <summary className="button button--dark">Search and Filter</summary>
          <div className="filter-details__panel">{form}</div>
        </details>
      )}
      <nav className="quick-dates" aria-label="Quick dates">
        {quickDateRanges(today).map((r) => {
          const current = filters.from === r.from && filters.to === r.to;
          return (
            <Link
              key={r.label}
              to={`${action}${filtersToSearch({ ...filters, from: r.from, to: r.to })}#events`}
              preventScrollReset
              className={`chip${current ? " chip--current" : ""}`}
              aria-current={current ? "true" : undefined}
            >
              {r.label}
            </Link>
          );
        })}
      </nav>
      {parts.length ? (
        <ul className="filter-parts" aria-label="Filtered by">
          {parts.map((p) => (
            <li key={p.label}>
              <Link
                to={`${action}${p.search}#events`}
                preventScrollReset
                className="chip chip--removable"
                aria-label={`Remove ${p.label}`}
              >
                {p.label} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One "only …" checkbox of the filter form (its id is filter-{name}). */
function FilterCheckbox({
  name,
  value,
  checked,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label className="checkbox" htmlFor={`filter-${name}`}>
        <input id={`filter-${name}`} type="checkbox" name={name} value={value} defaultChecked={checked} />
        {children}
      </label>
    </div>
  );
}
