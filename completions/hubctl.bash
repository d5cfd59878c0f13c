#!/bin/bash

__hubctl_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__hubctl_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__hubctl_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

# Candidates hubctl computes are data: matched as plain strings, offered quoted, never expanded.
__hubctl_add_custom_completions() {
    local candidate quoted
    while IFS='' read -r candidate; do
        if [[ -n "${candidate}" && "${candidate}" == "${cur}"* ]]; then
            printf -v quoted '%q' "${candidate}"
            COMPREPLY+=("${quoted}")
        fi
    done < <(__hubctl_custom_complete "${@}")
}

__hubctl_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_hubctl() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    register|unregister|settings|acp|vault|plist|status|batch|login|logout|auth|push|bundle|app|logs|usage|whoami|policy|probe|config|completion|help|help)
        # Offer subcommand argument completions
        "_hubctl_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'register unregister settings acp vault plist status batch login logout auth push bundle app logs usage whoami policy probe config completion help help' -- "${cur}"))
        ;;
    esac
}

_hubctl_register() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --save-credentials --force --version -h --help)
    repeating_options=(--set --capability)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --device-type --device-model)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion register -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--device-type')
        return
        ;;
    '--device-model')
        return
        ;;
    '--set')
        return
        ;;
    '--capability')
        return
        ;;
    esac
}

_hubctl_unregister() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --appcid)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion unregister -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--appcid')
        return
        ;;
    esac
}

_hubctl_settings() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    get|set|schema)
        # Offer subcommand argument completions
        "_hubctl_settings_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'get set schema' -- "${cur}"))
        ;;
    esac
}

_hubctl_settings_get() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=(--expand)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion settings get -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--expand')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __hubctl_add_custom_completions ---completion settings get -- positional@0 "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    esac
}

_hubctl_settings_set() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion settings set -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __hubctl_add_custom_completions ---completion settings set -- positional@0 "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    esac
}

_hubctl_settings_schema() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion settings schema -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_acp() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    check|fetch)
        # Offer subcommand argument completions
        "_hubctl_acp_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'check fetch' -- "${cur}"))
        ;;
    esac
}

_hubctl_acp_check() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --wait --fetch --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --dest --interval --jitter-seed)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion acp check -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--dest')
        __hubctl_add_completions -d
        return
        ;;
    '--interval')
        return
        ;;
    '--jitter-seed')
        return
        ;;
    esac
}

_hubctl_acp_fetch() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --force --no-sync --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --dest --max-bytes --max-entries --max-path-bytes)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion acp fetch -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--dest')
        __hubctl_add_completions -d
        return
        ;;
    '--max-bytes')
        return
        ;;
    '--max-entries')
        return
        ;;
    '--max-path-bytes')
        return
        ;;
    esac
}

_hubctl_vault() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    init|set|show|list|delete|rekey|import-cert|delete-cert)
        # Offer subcommand argument completions
        "_hubctl_vault_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'init set show list delete rekey import-cert delete-cert' -- "${cur}"))
        ;;
    esac
}

_hubctl_vault_init() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion vault init -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_vault_set() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion vault set -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_vault_show() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion vault show -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_custom_completions ---completion vault show -- positional@0 "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    esac
}

_hubctl_vault_list() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion vault list -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_vault_delete() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion vault delete -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_custom_completions ---completion vault delete -- positional@0 "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    esac
}

_hubctl_vault_rekey() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --new-passphrase-file)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion vault rekey -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--new-passphrase-file')
        return
        ;;
    esac
}

_hubctl_vault_import-cert() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion vault import-cert -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_vault_delete-cert() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion vault delete-cert -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_plist() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    validate)
        # Offer subcommand argument completions
        "_hubctl_plist_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'validate' -- "${cur}"))
        ;;
    esac
}

_hubctl_plist_validate() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --strict --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion plist validate -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_status() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion status -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_batch() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=(--resume)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --concurrency --shard --results)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion batch -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--concurrency')
        return
        ;;
    '--resume')
        __hubctl_add_completions -f
        return
        ;;
    '--shard')
        return
        ;;
    '--results')
        __hubctl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_login() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --no-browser --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion login -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_logout() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion logout -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_auth() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    token)
        # Offer subcommand argument completions
        "_hubctl_auth_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'token' -- "${cur}"))
        ;;
    esac
}

_hubctl_auth_token() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion auth token -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_push() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    register|unregister|id|send|status|registrations|localizations)
        # Offer subcommand argument completions
        "_hubctl_push_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'register unregister id send status registrations localizations' -- "${cur}"))
        ;;
    esac
}

_hubctl_push_register() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --os --token --group --device-model --form-factor --user-locale --time-zone)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion push register -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--os')
        return
        ;;
    '--token')
        return
        ;;
    '--group')
        return
        ;;
    '--device-model')
        return
        ;;
    '--form-factor')
        return
        ;;
    '--user-locale')
        return
        ;;
    '--time-zone')
        return
        ;;
    esac
}

_hubctl_push_unregister() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --os)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion push unregister -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--os')
        return
        ;;
    esac
}

_hubctl_push_id() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --os)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion push id -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--os')
        return
        ;;
    esac
}

_hubctl_push_send() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --all --version -h --help)
    repeating_options=(--topic --locale-alert --custom)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant --device --users --users-from --group --capability --bulk --alert --badge --sound --priority --data --notification --skip-done)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion push send -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    '--device')
        return
        ;;
    '--users')
        return
        ;;
    '--users-from')
        __hubctl_add_completions -f
        return
        ;;
    '--group')
        return
        ;;
    '--topic')
        return
        ;;
    '--capability')
        return
        ;;
    '--bulk')
        __hubctl_add_completions -f
        return
        ;;
    '--alert')
        return
        ;;
    '--locale-alert')
        return
        ;;
    '--badge')
        return
        ;;
    '--sound')
        return
        ;;
    '--priority')
        return
        ;;
    '--data')
        return
        ;;
    '--custom')
        return
        ;;
    '--notification')
        __hubctl_add_completions -f
        return
        ;;
    '--skip-done')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_push_status() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion push status -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    esac
}

_hubctl_push_registrations() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant --group --id)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion push registrations -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    '--group')
        return
        ;;
    '--id')
        return
        ;;
    esac
}

_hubctl_push_localizations() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant --users --users-from)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion push localizations -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    '--users')
        return
        ;;
    '--users-from')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_bundle() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    publish|set-default|list|show|delete|prune)
        # Offer subcommand argument completions
        "_hubctl_bundle_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'publish set-default list show delete prune' -- "${cur}"))
        ;;
    esac
}

_hubctl_bundle_publish() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --default --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant --name --version --extension --if-exists)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion bundle publish -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    '--name')
        return
        ;;
    '--version')
        return
        ;;
    '--extension')
        return
        ;;
    '--if-exists')
        __hubctl_add_completions -W 'fail'$'\n''skip'$'\n''replace'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_bundle_set-default() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion bundle set-default -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    esac
}

_hubctl_bundle_list() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant --name)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion bundle list -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    '--name')
        return
        ;;
    esac
}

_hubctl_bundle_show() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion bundle show -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    esac
}

_hubctl_bundle_delete() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --missing-ok --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion bundle delete -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    esac
}

_hubctl_bundle_prune() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --dry-run --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --binding-name --tenant --name --keep)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion bundle prune -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    '--name')
        return
        ;;
    '--keep')
        return
        ;;
    esac
}

_hubctl_app() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|create|services|key|settings-file|delete|prune|version|destination)
        # Offer subcommand argument completions
        "_hubctl_app_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show create services key settings-file delete prune version destination' -- "${cur}"))
        ;;
    esac
}

_hubctl_app_list() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --match)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app list -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--match')
        return
        ;;
    esac
}

_hubctl_app_show() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app show -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_app_create() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=(--feature --label)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --name --plan --max-apps --if-exists --via --kind)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app create -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--name')
        return
        ;;
    '--feature')
        return
        ;;
    '--plan')
        return
        ;;
    '--label')
        return
        ;;
    '--max-apps')
        return
        ;;
    '--if-exists')
        __hubctl_add_completions -W 'fail'$'\n''reuse'
        return
        ;;
    '--via')
        __hubctl_add_completions -W 'cf'$'\n''admin-api'
        return
        ;;
    '--kind')
        __hubctl_add_completions -W 'mdk'$'\n''hybrid'$'\n''native'
        return
        ;;
    esac
}

_hubctl_app_services() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app services -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_app_key() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    create|show)
        # Offer subcommand argument completions
        "_hubctl_app_key_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'create show' -- "${cur}"))
        ;;
    esac
}

_hubctl_app_key_create() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --x509 --version -h --help)
    repeating_options=(--scope)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --cf-key --feature --validity --key-length --alias --out)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app key create -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-key')
        return
        ;;
    '--feature')
        return
        ;;
    '--scope')
        return
        ;;
    '--validity')
        return
        ;;
    '--key-length')
        return
        ;;
    '--alias')
        return
        ;;
    '--out')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_app_key_show() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --cf-key)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app key show -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-key')
        return
        ;;
    esac
}

_hubctl_app_settings-file() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --x509 --version -h --help)
    repeating_options=(--scope)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --feature --validity --key-length --alias --out)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app settings-file -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--feature')
        return
        ;;
    '--scope')
        return
        ;;
    '--validity')
        return
        ;;
    '--key-length')
        return
        ;;
    '--alias')
        return
        ;;
    '--out')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_app_delete() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --missing-ok --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app delete -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_app_prune() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --dry-run --any-owner --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --match --older-than)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app prune -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--match')
        return
        ;;
    '--older-than')
        return
        ;;
    esac
}

_hubctl_app_version() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    deploy|list|promote|delete|prune)
        # Offer subcommand argument completions
        "_hubctl_app_version_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'deploy list promote delete prune' -- "${cur}"))
        ;;
    esac
}

_hubctl_app_version_deploy() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --promote --version -h --help)
    repeating_options=(--app-platform)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --kind)
    __hubctl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app version deploy -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--kind')
        __hubctl_add_completions -W 'hybrid'$'\n''mdk'
        return
        ;;
    '--app-platform')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    2)
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_app_version_list() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app version list -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_app_version_promote() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=(--app-platform)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --revision)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app version promote -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--revision')
        return
        ;;
    '--app-platform')
        return
        ;;
    esac
}

_hubctl_app_version_delete() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --pending --all --yes --dry-run --version -h --help)
    repeating_options=(--revision --app-platform)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app version delete -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--revision')
        return
        ;;
    '--app-platform')
        return
        ;;
    esac
}

_hubctl_app_version_prune() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --dry-run --version -h --help)
    repeating_options=(--app-platform)
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --keep)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app version prune -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--keep')
        return
        ;;
    '--app-platform')
        return
        ;;
    esac
}

_hubctl_app_destination() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|set|delete)
        # Offer subcommand argument completions
        "_hubctl_app_destination_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list set delete' -- "${cur}"))
        ;;
    esac
}

_hubctl_app_destination_list() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app destination list -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_app_destination_set() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --cloud-connector --no-cloud-connector --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file --url --cloud-destination --auth --backend-user --password-file)
    __hubctl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app destination set -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--url')
        return
        ;;
    '--cloud-destination')
        return
        ;;
    '--auth')
        return
        ;;
    '--backend-user')
        return
        ;;
    '--password-file')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_app_destination_delete() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --missing-ok --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --cf-api --org --space --admin-api --cf-token-file --cf-password-file --cf-origin --admin-user --admin-password-file)
    __hubctl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion app destination delete -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cf-api')
        return
        ;;
    '--org')
        return
        ;;
    '--space')
        return
        ;;
    '--admin-api')
        return
        ;;
    '--cf-token-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-password-file')
        __hubctl_add_completions -f
        return
        ;;
    '--cf-origin')
        return
        ;;
    '--admin-user')
        return
        ;;
    '--admin-password-file')
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_logs() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    upload)
        # Offer subcommand argument completions
        "_hubctl_logs_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'upload' -- "${cur}"))
        ;;
    esac
}

_hubctl_logs_upload() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --from-settings --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --max-request-size)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion logs upload -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--max-request-size')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_usage() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    upload)
        # Offer subcommand argument completions
        "_hubctl_usage_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'upload' -- "${cur}"))
        ;;
    esac
}

_hubctl_usage_upload() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion usage upload -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_completions -f
        return
        ;;
    esac
}

_hubctl_whoami() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion whoami -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_policy() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    get)
        # Offer subcommand argument completions
        "_hubctl_policy_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'get' -- "${cur}"))
        ;;
    esac
}

_hubctl_policy_get() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion policy get -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_probe() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --register --push --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --dest --service-key --binding --key-alias --binding-name --tenant --format --textfile)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion probe -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--dest')
        __hubctl_add_completions -d
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--binding-name')
        return
        ;;
    '--tenant')
        return
        ;;
    '--format')
        return
        ;;
    '--textfile')
        __hubctl_add_completions -d
        return
        ;;
    esac
}

_hubctl_config() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    set|unset|get|list|use|path|set-push|unset-push|set-service-key|unset-service-key)
        # Offer subcommand argument completions
        "_hubctl_config_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'set unset get list use path set-push unset-push set-service-key unset-service-key' -- "${cur}"))
        ;;
    esac
}

_hubctl_config_set() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config set -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_completions -W 'server'$'\n''plist'$'\n''app-id'$'\n''user'$'\n''security-configuration'$'\n''domain'$'\n''user-creation-policy'$'\n''share-credentials'$'\n''anonymous'$'\n''cert'$'\n''key'$'\n''pkcs12'$'\n''cert-provider'$'\n''cacert'$'\n''api-version'$'\n''timeout'$'\n''deadline'$'\n''oauth-client-id'$'\n''redirect-uri'$'\n''oauth-authorize-url'$'\n''oauth-token-url'$'\n''app-version'$'\n''platform'$'\n''acp-dest'$'\n''admin-api'$'\n''cf-username'$'\n''push-url'$'\n''push-alias'$'\n''push-uaa-url'$'\n''push-client-id'$'\n''push-tenant'$'\n''bundles-url'$'\n''bundles-alias'$'\n''bundles-uaa-url'$'\n''bundles-client-id'$'\n''bundles-tenant'
        return
        ;;
    esac
}

_hubctl_config_unset() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config unset -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_completions -W 'server'$'\n''plist'$'\n''app-id'$'\n''user'$'\n''security-configuration'$'\n''domain'$'\n''user-creation-policy'$'\n''share-credentials'$'\n''anonymous'$'\n''cert'$'\n''key'$'\n''pkcs12'$'\n''cert-provider'$'\n''cacert'$'\n''api-version'$'\n''timeout'$'\n''deadline'$'\n''oauth-client-id'$'\n''redirect-uri'$'\n''oauth-authorize-url'$'\n''oauth-token-url'$'\n''app-version'$'\n''platform'$'\n''acp-dest'$'\n''admin-api'$'\n''cf-username'$'\n''push-url'$'\n''push-alias'$'\n''push-uaa-url'$'\n''push-client-id'$'\n''push-tenant'$'\n''bundles-url'$'\n''bundles-alias'$'\n''bundles-uaa-url'$'\n''bundles-client-id'$'\n''bundles-tenant'
        return
        ;;
    esac
}

_hubctl_config_get() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config get -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_completions -W 'server'$'\n''plist'$'\n''app-id'$'\n''user'$'\n''security-configuration'$'\n''domain'$'\n''user-creation-policy'$'\n''share-credentials'$'\n''anonymous'$'\n''cert'$'\n''key'$'\n''pkcs12'$'\n''cert-provider'$'\n''cacert'$'\n''api-version'$'\n''timeout'$'\n''deadline'$'\n''oauth-client-id'$'\n''redirect-uri'$'\n''oauth-authorize-url'$'\n''oauth-token-url'$'\n''app-version'$'\n''platform'$'\n''acp-dest'$'\n''admin-api'$'\n''cf-username'$'\n''push-url'$'\n''push-alias'$'\n''push-uaa-url'$'\n''push-client-id'$'\n''push-tenant'$'\n''bundles-url'$'\n''bundles-alias'$'\n''bundles-uaa-url'$'\n''bundles-client-id'$'\n''bundles-tenant'
        return
        ;;
    esac
}

_hubctl_config_list() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config list -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_config_use() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config use -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_custom_completions ---completion config use -- positional@0 "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    esac
}

_hubctl_config_path() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config path -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_config_set-push() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --service-key --binding --key-alias --tenant)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config set-push -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--tenant')
        return
        ;;
    esac
}

_hubctl_config_unset-push() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config unset-push -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_hubctl_config_set-service-key() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --feature --service-key --binding --key-alias --tenant)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config set-service-key -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--feature')
        __hubctl_add_completions -W 'push'$'\n''client-resources'
        return
        ;;
    '--service-key')
        __hubctl_add_completions -f
        return
        ;;
    '--binding')
        __hubctl_add_completions -f
        return
        ;;
    '--key-alias')
        return
        ;;
    '--tenant')
        return
        ;;
    esac
}

_hubctl_config_unset-service-key() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --anonymous --insecure --allow-http --no-input --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --plist --app-id --profile --user --cert --key --pkcs12 --cert-provider --cacert --api-version --home --timeout --deadline --vault-passphrase-file --oauth-client-id --redirect-uri --oauth-authorize-url --oauth-token-url --app-version --platform --error-format --feature)
    __hubctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--plist')
        __hubctl_add_completions -f
        return
        ;;
    '--app-id')
        return
        ;;
    '--profile')
        __hubctl_add_custom_completions ---completion config unset-service-key -- --profile "${COMP_CWORD}" "$(__hubctl_cursor_index_in_current_word)"
        return
        ;;
    '--user')
        return
        ;;
    '--cert')
        __hubctl_add_completions -f
        return
        ;;
    '--key')
        __hubctl_add_completions -f
        return
        ;;
    '--pkcs12')
        __hubctl_add_completions -f
        return
        ;;
    '--cert-provider')
        return
        ;;
    '--cacert')
        __hubctl_add_completions -f
        return
        ;;
    '--api-version')
        return
        ;;
    '--home')
        __hubctl_add_completions -d
        return
        ;;
    '--timeout')
        return
        ;;
    '--deadline')
        return
        ;;
    '--vault-passphrase-file')
        __hubctl_add_completions -f
        return
        ;;
    '--oauth-client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--oauth-authorize-url')
        return
        ;;
    '--oauth-token-url')
        return
        ;;
    '--app-version')
        return
        ;;
    '--platform')
        return
        ;;
    '--error-format')
        __hubctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--feature')
        __hubctl_add_completions -W 'push'$'\n''client-resources'
        return
        ;;
    esac
}

_hubctl_completion() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __hubctl_add_completions -W 'bash'$'\n''zsh'$'\n''fish'
        return
        ;;
    esac
}

_hubctl_help() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options -1

    # Offer positional completions
    case "${positional_number}" in
    *)
        __hubctl_add_completions -W 'environment'$'\n''exit-codes'$'\n''register'$'\n''unregister'$'\n''settings'$'\n''acp'$'\n''vault'$'\n''plist'$'\n''status'$'\n''batch'$'\n''login'$'\n''logout'$'\n''auth'$'\n''push'$'\n''bundle'$'\n''app'$'\n''logs'$'\n''usage'$'\n''whoami'$'\n''policy'$'\n''probe'$'\n''config'$'\n''completion'$'\n''help'
        return
        ;;
    esac
}

_hubctl_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __hubctl_offer_flags_options -1
}

complete -o filenames -F _hubctl hubctl
