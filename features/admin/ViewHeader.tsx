import type { ReactNode } from 'react'

/**
 * A view's heading as Payload's list view has it (its `list-header` markup and classes, from
 * `@payloadcms/ui`'s stylesheet): the title, actions beside it, a description under it. Plain
 * markup, for the server pages and the client calendar alike.
 */
export function ViewHeader({
  title,
  titleClassName,
  titleActions,
  children,
}: {
  title: ReactNode
  titleClassName?: string
  titleActions?: ReactNode
  children?: ReactNode
}) {
  return (
    <header className="list-header">
      <div className="list-header__content">
        <div className="list-header__title-and-actions">
          <h1 className={['list-header__title', titleClassName].filter(Boolean).join(' ')}>
            {title}
          </h1>
          {titleActions ? <div className="list-header__title-actions">{titleActions}</div> : null}
        </div>
      </div>
      {children ? (
        <div className="list-header__after-header-content">
          <div className="collection-list__sub-header">{children}</div>
        </div>
      ) : null}
    </header>
  )
}
