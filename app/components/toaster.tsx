import { X } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { MAX_TOASTS, toastDuration, type Flash } from "~/lib/flash";

type Toast = Flash & { id: number };
const ToastContext = createContext<(flash: Flash) => void>(() => {});

/** Shows a toast from anywhere (e.g. after a fetcher finishes). */
export const useToast = () => useContext(ToastContext);

/**
 * Outcome messages. Without JavaScript the server-rendered flash is a banner at the top
 * of the page; once hydrated the same messages become toasts that leave after the
 * spec's durations (success 2 s, others 4 s), at most 20 at a time.
 */
export function Toaster({ flashes, children }: { flashes: Flash[]; children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>(() => flashes.map((f, i) => ({ ...f, id: i })));
  const [enhanced, setEnhanced] = useState(false);
  const nextId = useRef(flashes.length);

  const push = useCallback((f: Flash) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { ...f, id }].slice(-MAX_TOASTS));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  useEffect(() => setEnhanced(true), []);
  // New flashes arrive with each redirect that carries some.
  const lastFlashes = useRef(flashes);
  useEffect(() => {
    if (flashes !== lastFlashes.current) flashes.forEach(push);
    lastFlashes.current = flashes;
  }, [flashes, push]);

  return (
    <ToastContext.Provider value={push}>
      <div className="toaster" data-enhanced={enhanced ? "true" : undefined} aria-live="polite">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} enhanced={enhanced} onDismiss={dismiss} />
        ))}
      </div>
      {children}
    </ToastContext.Provider>
  );
}

function ToastItem({
  toast,
  enhanced,
  onDismiss,
}: {
  toast: Toast;
  enhanced: boolean;
  onDismiss: (id: number) => void;
}) {
  useEffect(() => {
    if (!enhanced) return;
    const timer = setTimeout(() => onDismiss(toast.id), toastDuration(toast.type));
    return () => clearTimeout(timer);
  }, [enhanced, toast, onDismiss]);
  return (
    <div className={`flash flash--${toast.type}`} role={toast.type === "error" ? "alert" : "status"}>
      <span>{toast.message}</span>
      {enhanced ? (
        <button
          type="button"
          className="flash__close"
          onClick={() => onDismiss(toast.id)}
          aria-label="Dismiss"
        >
          <X size={16} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
