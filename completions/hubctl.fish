function __hubctl_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __hubctl_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __hubctl_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __hubctl_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __hubctl_parse_tokens -S
    set -l unparsed_tokens (__hubctl_tokens -pc)
    switch $unparsed_tokens[1]
    case 'hubctl'
        __hubctl_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'register'
            __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'device-type=' 'device-model=' 'set=+' 'capability=+' 'save-credentials' 'force' 'version' 'h/help'
        case 'unregister'
            __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'appcid=' 'version' 'h/help'
        case 'settings'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'get'
                __hubctl_parse_subcommand -r 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'expand=+' 'version' 'h/help'
            case 'set'
                __hubctl_parse_subcommand -r 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            case 'schema'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            end
        case 'acp'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'check'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'dest=' 'version' 'h/help'
            case 'fetch'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'dest=' 'force' 'no-sync' 'max-bytes=' 'max-entries=' 'max-path-bytes=' 'version' 'h/help'
            end
        case 'vault'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'init'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            case 'set'
                __hubctl_parse_subcommand 2 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            case 'show'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            case 'list'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            case 'delete'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            case 'rekey'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'new-passphrase-file=' 'version' 'h/help'
            case 'import-cert'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            case 'delete-cert'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            end
        case 'plist'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'validate'
                __hubctl_parse_subcommand -r 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'strict' 'version' 'h/help'
            end
        case 'status'
            __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
        case 'batch'
            __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'concurrency=' 'resume=+' 'shard=' 'version' 'h/help'
        case 'login'
            __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'no-browser' 'version' 'h/help'
        case 'logout'
            __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
        case 'auth'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'token'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            end
        case 'push'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'register'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'os=' 'token=' 'group=' 'device-model=' 'form-factor=' 'user-locale=' 'time-zone=' 'version' 'h/help'
            case 'unregister'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'os=' 'version' 'h/help'
            case 'id'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'os=' 'version' 'h/help'
            end
        case 'logs'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'upload'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'max-request-size=' 'from-settings' 'version' 'h/help'
            end
        case 'usage'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'upload'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            end
        case 'whoami'
            __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
        case 'policy'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'get'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'oauth-client-id=' 'redirect-uri=' 'oauth-authorize-url=' 'oauth-token-url=' 'app-version=' 'platform=' 'version' 'h/help'
            end
        case 'help'
            __hubctl_parse_subcommand -r 1 'version' 'h/help'
        case 'help'
            __hubctl_parse_subcommand -r 1 'version'
        end
    end
end

function __hubctl_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __hubctl_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __hubctl_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __hubctl_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__hubctl_tokens -p)
    if test -z "$(__hubctl_tokens -t)"
        set -l index (count (__hubctl_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'hubctl' -f
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'register' -d 'Create an application connection (idempotent) and print its settings.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'unregister' -d 'Delete the application connection on the server and forget it locally.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'settings' -d 'Read or update the application connection\'s settings.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'acp' -d 'Check for and fetch Application Configuration Profiles (customization bundles).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'vault' -d 'The local encrypted secure store (scrypt + AES-256-GCM, one file under --home).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'plist' -d 'Work with clienthub.plist files.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'status' -d 'Show what hubctl knows: profile, server, registrations, vault, ACP.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'batch' -d 'Run many operations from NDJSON in one process, several at a time.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'login' -d 'Log in to the application\'s OAuth client in a browser; keep the tokens in the vault.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'logout' -d 'Forget the OAuth tokens of the application\'s client (in the vault).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'auth' -d 'OAuth tokens of the application\'s client (see `hubctl login`).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'push' -d 'Register this device for push notifications, unregister it, or read the push id.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'logs' -d 'Upload client logs.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'usage' -d 'Upload client usage reports (Mobile Services).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'whoami' -d 'Print the user and its roles (Mobile Services\' role service, /v2/Me).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'policy' -d 'Read the policies the administrator set (passcode, feature restrictions, logs, attestation).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'help' -d 'Show the help of a command, or a topic: exit-codes, environment.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion register -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" device-type' -l 'device-type' -d 'DeviceType to register (default: Linux).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" device-model' -l 'device-model' -d 'DeviceModel to register (default: hubctl).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register"' -l 'set' -d 'A writable property to set at registration (repeatable).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register"' -l 'capability' -d 'A capability to register (repeatable), e.g. push:Module=Orders.' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" save-credentials' -l 'save-credentials' -d 'Keep the credentials that worked in the vault.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" force' -l 'force' -d 'Delete the recorded connection (if any) and create a new one.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion unregister -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" appcid' -l 'appcid' -d 'Delete this connection id instead of the recorded one.' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl settings" -eq 1' -fa 'get' -d 'Print all settings, or only the named properties.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl settings" -eq 1' -fa 'set' -d 'Update writable settings and print the settings as the server has them.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl settings" -eq 1' -fa 'schema' -d 'Print the connection\'s properties: Edm type, writable, nullable, and where that came from.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion settings get -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl settings get" -ge 1' -fka '(__hubctl_custom_completion ---completion settings get -- positional@0 (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get"' -l 'expand' -d 'Read a navigation property inline (repeatable or comma-separated): Capability.' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion settings set -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl settings set" -ge 1' -fka '(__hubctl_custom_completion ---completion settings set -- positional@0 (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion settings schema -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings schema" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl acp" -eq 1' -fa 'check' -d 'Is a newer Application Configuration Profile assigned than the one fetched last?'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl acp" -eq 1' -fa 'fetch' -d 'Download the assigned profile, verify it, extract it safely and switch DIR/current to it.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion acp check -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" dest' -l 'dest' -d 'Profile directory (default $HUBCTL_HOME/acp/<appId>); DIR/current is the profile in use.' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion acp fetch -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" dest' -l 'dest' -d 'Profile directory (default $HUBCTL_HOME/acp/<appId>); DIR/current is the profile in use.' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" force' -l 'force' -d 'Download and install even when the assigned profile is already current.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" no-sync' -l 'no-sync' -d 'Do not flush the new profile to disk before switching to it (faster on busy disks; a power loss right after the switch could leave it incomplete; kill -9 safety is unaffected).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" max-bytes' -l 'max-bytes' -d 'Largest total uncompressed size accepted (default 1 GiB).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" max-entries' -l 'max-entries' -d 'Most archive entries accepted (default 100000).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" max-path-bytes' -l 'max-path-bytes' -d 'Longest entry path accepted, in bytes (default 4096).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'init' -d 'Create an empty vault.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'set' -d 'Store a value under a key (creates the vault when there is none).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'show' -d 'Print a stored value.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'list' -d 'List the stored keys (never the values).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'delete' -d 'Remove a key and its value.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'rekey' -d 'Change the vault\'s passphrase (or key).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'import-cert' -d 'Store a client certificate and its key in the vault, for --cert-provider vault.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'delete-cert' -d 'Remove the client certificate stored by `vault import-cert`.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault init -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault set -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault show -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault show" -eq 1' -fka '(__hubctl_custom_completion ---completion vault show -- positional@0 (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault list -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault delete -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault delete" -eq 1' -fka '(__hubctl_custom_completion ---completion vault delete -- positional@0 (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault rekey -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" new-passphrase-file' -l 'new-passphrase-file' -d 'File whose first line is the new passphrase.' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault import-cert -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault delete-cert -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl plist" -eq 1' -fa 'validate' -d 'Validate clienthub.plist files (XML or binary).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion plist validate -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" strict' -l 'strict' -d 'Treat warnings (unknown keys) as errors.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion status -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion batch -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl batch" -eq 1' -F
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" concurrency' -l 'concurrency' -d 'Operations in flight at once (1–256).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch"' -l 'resume' -d 'Skip the lines that succeeded in this earlier results file (repeatable).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" shard' -l 'shard' -d 'Run only the lines of shard I of N (I from 0; \'/N\' reads I from JOB_COMPLETION_INDEX).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl batch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion login -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" no-browser' -l 'no-browser' -d 'Do not open a browser: print the URL and read the redirected address or the code from stdin.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl login" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion logout -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logout" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl auth" -eq 1' -fa 'token' -d 'Print a fresh OAuth access token (renewed first when it has expired), for curl and scripts.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion auth token -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl auth token" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl push" -eq 1' -fa 'register' -d 'Register the device\'s push token (create, or update when it exists).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl push" -eq 1' -fa 'unregister' -d 'Remove the device\'s push registration.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl push" -eq 1' -fa 'id' -d 'Print the push id (FCM sender id, VAPID key, …) the server hands out for an os.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion push register -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" os' -l 'os' -d 'ios, android, windows, baidu, w3cpushapi or custom (SMP 3: ios, android, windows).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" token' -l 'token' -d 'The push token from APNs, FCM, WNS, … (\'-\': the first line of stdin).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" group' -l 'group' -d 'Push group (Mobile Services).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" device-model' -l 'device-model' -d 'Device model to report (Mobile Services).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" form-factor' -l 'form-factor' -d 'phone, tablet, … (Mobile Services).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" user-locale' -l 'user-locale' -d 'User locale, e.g. en_US (Mobile Services).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" time-zone' -l 'time-zone' -d 'Time zone, e.g. Europe/Berlin (Mobile Services).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push register" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion push unregister -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" os' -l 'os' -d 'ios, android, windows, baidu, w3cpushapi or custom (SMP 3: ios, android, windows).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push unregister" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion push id -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" os' -l 'os' -d 'ios, android, windows, baidu, w3cpushapi or custom (SMP 3: ios, android, windows).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl push id" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl logs" -eq 1' -fa 'upload' -d 'Check a client log line by line, then upload it in requests of at most --max-request-size.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion logs upload -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl logs upload" -eq 1' -F
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" max-request-size' -l 'max-request-size' -d 'The most one request carries: bytes, or with K or M (KiB, MiB). Default 8M.' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" from-settings' -l 'from-settings' -d 'Follow the connection\'s UploadLogs and ConnectionLogLevel.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl logs upload" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl usage" -eq 1' -fa 'upload' -d 'Check a JSON usage report\'s shape, then upload it for this device.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion usage upload -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl usage upload" -eq 1' -F
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl usage upload" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion whoami -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl whoami" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl policy" -eq 1' -fa 'get' -d 'Print all policies, or the named one, with typed values.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion policy get -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" oauth-client-id' -l 'oauth-client-id' -d 'OAuth client id of the application (Mobile Services cockpit); turns on OAuth. (env HUBCTL_OAUTH_CLIENT_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" redirect-uri' -l 'redirect-uri' -d 'OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port). (env HUBCTL_REDIRECT_URI; default: http://127.0.0.1:8765/callback)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" oauth-authorize-url' -l 'oauth-authorize-url' -d 'OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize). (env HUBCTL_OAUTH_AUTHORIZE_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" oauth-token-url' -l 'oauth-token-url' -d 'OAuth token endpoint (default: SERVER/oauth2/api/v1/token). (env HUBCTL_OAUTH_TOKEN_URL)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" app-version' -l 'app-version' -d 'Application version sent as X-APP-VERSION (application versioning). (env HUBCTL_APP_VERSION)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" platform' -l 'platform' -d 'Which server\'s client services to use: auto (asks the server once per command), smp3 or mobile-services. (env HUBCTL_PLATFORM; default: auto)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl policy get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl help" -ge 1' -fka 'environment exit-codes register unregister settings acp vault plist status batch login logout auth push logs usage whoami policy help'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl help" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl help" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl help" version' -l 'version' -d 'Show the version.'
