package app

// commandsUsage is the head of `racedirector -h`: every command, the serving flags after it.
const commandsUsage = `Usage:
  racedirector [flags]                 serve Race Director (the flags below)
  racedirector migrate --from FILE --to postgres://…
                                       copy a database into a new, empty one (racedirector migrate -h)
  racedirector admin COMMAND           directors' accounts, for a database shared by several directors
                                       (racedirector admin help):
      create-director NAME [-admin]    an account and its one-time invitation link
      invite NAME                      a new invitation link (a lost one)
      reset NAME                       a reset link: the password and every device signed in end at once
      disable NAME | enable NAME       cut a director off at once (tours stay, still followed), or back
      rename NAME NEW-NAME             a new name to sign in with
      remove NAME -heir HEIR           remove an account; HEIR receives its tours and teams
      list                             the directors' accounts
  racedirector help                    this help

Flags of serving:
`
