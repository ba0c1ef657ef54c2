// Content Moderation (spec 2.12, 7.4, 8, 9; issue 20): tabs Priorities (n) and Briefing Documents (n)
// over the 100 newest of each (removed priorities included, shown Inactive), reported items first
// with their counts and reasons (a reported item older than those from its report alone), Content Preview, and Delete Content with its toasts.
import type { TReportedItem } from '@civic/contracts/admin/http';
import type { TBriefingDocument } from '@civic/contracts/briefing/http';
import type { TPriority } from '@civic/contracts/priorities/http';
import { Card, Tabs, TabsContent, TabsList, TabsTrigger } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { FileText, Vote } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { adminListQuery } from '../../api/admin-query.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { LoadState } from '../layout/load-state.tsx';
import { ModerationDocumentCard, ModerationPriorityCard, OLDER_ITEM_NOTE, ReportedOnlyCard } from './moderation-cards.tsx';
import { type ContentSummary, DeleteDialog, PreviewDialog } from './moderation-dialogs.tsx';
import { MODERATION_DOCUMENTS_PATH, MODERATION_PRIORITIES_PATH, MODERATION_REPORTS_PATH } from './moderation-query.ts';
import { authorNameOf, reportedBeyond, reportedFirst } from './moderation-rules.ts';
import { useDeleteContent } from './use-delete-content.ts';

const prioritySummary = (priority: TPriority): ContentSummary => ({
  kind: 'priority',
  id: priority.id,
  title: priority.title,
  author: authorNameOf(priority.author),
  createdAt: priority.createdAt,
  text: priority.description,
});

const documentSummary = (document: TBriefingDocument): ContentSummary => ({
  kind: 'document',
  id: document.id,
  title: document.title,
  author: authorNameOf(document.author),
  createdAt: document.createdAt,
  text: document.content,
});

const reportedSummary = (item: TReportedItem): ContentSummary => ({
  kind: item.targetType === 'priority' ? 'priority' : 'document',
  id: item.targetId,
  title: item.title,
  author: item.authorName ?? 'Anonymous citizen',
  createdAt: item.createdAt,
  text: OLDER_ITEM_NOTE,
});

function EmptyList({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Card className="py-12 text-center">
      {icon}
      <p className="mt-2 font-medium text-slate-900">{text}</p>
    </Card>
  );
}

export function ModerationPage() {
  const priorities = useQuery(adminListQuery<TPriority[]>(MODERATION_PRIORITIES_PATH));
  const documents = useQuery(adminListQuery<TBriefingDocument[]>(MODERATION_DOCUMENTS_PATH));
  // Reports only reorder and annotate the lists: without them the lists still serve.
  const reports = useQuery(adminListQuery<TReportedItem[]>(MODERATION_REPORTS_PATH));
  const [previewing, setPreviewing] = useState<ContentSummary | null>(null);
  const [confirming, setConfirming] = useState<ContentSummary | null>(null);
  const remove = useDeleteContent();

  const priorityEntries = reportedFirst(priorities.data ?? [], reports.data ?? [], 'priority');
  const documentEntries = reportedFirst(documents.data ?? [], reports.data ?? [], 'briefing_doc');
  // Reported items beyond the loaded lists come first of all (only once their list has loaded).
  const olderPriorities = priorities.isSuccess ? reportedBeyond(priorities.data, reports.data ?? [], 'priority') : [];
  const olderDocuments = documents.isSuccess ? reportedBeyond(documents.data, reports.data ?? [], 'briefing_doc') : [];
  const olderCards = (items: TReportedItem[]) =>
    items.map((item) => (
      <li key={item.targetId}>
        <ReportedOnlyCard item={item} onPreview={() => setPreviewing(reportedSummary(item))} onDelete={() => setConfirming(reportedSummary(item))} />
      </li>
    ));
  const confirmDelete = (content: ContentSummary, reason: string) =>
    remove.mutate({ kind: content.kind, id: content.id, reason }, { onSettled: () => setConfirming(null) });

  return (
    <AdminPage title="Content Moderation" description="Review reported content; preview and delete priorities and briefing documents.">
      {reports.isError && (
        <p role="status" className="text-sm text-amber-900">
          Reports could not be loaded ({reports.error.message}); the lists are shown without them.
        </p>
      )}
      <Tabs defaultValue="priorities">
        <TabsList className="h-auto">
          <TabsTrigger value="priorities">Priorities ({olderPriorities.length + priorityEntries.length})</TabsTrigger>
          <TabsTrigger value="documents">Briefing Documents ({olderDocuments.length + documentEntries.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="priorities">
          <LoadState isPending={priorities.isPending} error={priorities.error} what="priorities" />
          {priorities.isSuccess && priorityEntries.length + olderPriorities.length === 0 && (
            <EmptyList icon={<Vote className="mx-auto size-10 text-slate-400" aria-hidden="true" />} text="No priorities found" />
          )}
          {priorityEntries.length + olderPriorities.length > 0 && (
            <ul className="grid gap-4" aria-label="Priorities to moderate">
              {olderCards(olderPriorities)}
              {priorityEntries.map((entry) => (
                <li key={entry.item.id}>
                  <ModerationPriorityCard
                    entry={entry}
                    onPreview={() => setPreviewing(prioritySummary(entry.item))}
                    onDelete={() => setConfirming(prioritySummary(entry.item))}
                  />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="documents">
          <LoadState isPending={documents.isPending} error={documents.error} what="briefing documents" />
          {documents.isSuccess && documentEntries.length + olderDocuments.length === 0 && (
            <EmptyList icon={<FileText className="mx-auto size-10 text-slate-400" aria-hidden="true" />} text="No briefing documents found" />
          )}
          {documentEntries.length + olderDocuments.length > 0 && (
            <ul className="grid gap-4" aria-label="Briefing documents to moderate">
              {olderCards(olderDocuments)}
              {documentEntries.map((entry) => (
                <li key={entry.item.id}>
                  <ModerationDocumentCard
                    entry={entry}
                    onPreview={() => setPreviewing(documentSummary(entry.item))}
                    onDelete={() => setConfirming(documentSummary(entry.item))}
                  />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>

      <PreviewDialog content={previewing} onClose={() => setPreviewing(null)} />
      <DeleteDialog content={confirming} deleting={remove.isPending} onConfirm={confirmDelete} onClose={() => setConfirming(null)} />
    </AdminPage>
  );
}
