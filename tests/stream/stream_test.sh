#! /usr/bin/atf-sh

atf_test_case placeholder
placeholder_body()
{
	atf_check -o match:gp-stream -s exit:0 gmon-cat
}

atf_init_test_cases()
{
	atf_add_test_case placeholder
}
